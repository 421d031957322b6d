// `npm run dev`: the API server (restarting on change) and Vite with hot reload, which proxies
// /api, /sanctum, /uploads and /ws to it. Open the URL Vite prints.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
