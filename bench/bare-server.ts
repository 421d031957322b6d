// Child process of bench/songs.ts: a bare Fastify route answering fixed bytes, for scale.
import Fastify from 'fastify';

const body = Buffer.from(process.env.BARE_BODY_BASE64 ?? '', 'base64');
const app = Fastify({ logger: false });
app.get('/bare', (_, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
