import { type ChildProcess, spawn } from 'node:child_process';
import readline from 'node:readline';

/** Starts a benchmark server script and waits for the JSON line it prints once it listens. */
export function start(
  script: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; info: Record<string, unknown> }> {
  const child = spawn('npx', ['tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve({ child, info: JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
