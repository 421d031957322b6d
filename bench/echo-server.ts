// Child process of bench/live.ts: a bare websocket echo, for scale.
import { WebSocketServer } from 'ws';

const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
server.on('connection', (socket) => socket.on('message', (data) => socket.send(data)));
server.on('listening', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
