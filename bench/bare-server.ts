// Child process of bench/songs.ts: a bare Fastify route answering fixed bytes, for scale.
import Fastify from 'fastify';
import { portOf, serveBench } from './serve.js';

const body = Buffer.from(process.env.BARE_BODY_BASE64 ?? '', 'base64');
const app = Fastify({ logger: false });
app.get('/bare', (_, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
serveBench({ port: portOf(app.server.address()) }, () => app.close());
