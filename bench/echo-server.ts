// Child process of bench/live.ts: a bare websocket echo, for scale.
import { WebSocketServer } from 'ws';
import { portOf, serveBench } from './serve.js';

const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
server.on('connection', (socket) => socket.on('message', (data) => socket.send(data)));
server.on('listening', () =>
  serveBench(
    { port: portOf(server.address()) },
    () => new Promise((resolve) => server.close(() => resolve())),
  ),
);
