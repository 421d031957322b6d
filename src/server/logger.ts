import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';

/** JSON lines to stdout and to DATA_DIR/logs/encore.log (the file the System Logs screen reads). */
export function createLogger(dataDir: string, toConsole: boolean) {
  const dir = path.join(dataDir, 'logs');
  fs.mkdirSync(dir, { recursive: true });
  const streams: pino.StreamEntry[] = [
    { stream: pino.destination({ dest: path.join(dir, 'encore.log'), mkdir: true, sync: false }) },
  ];
  if (toConsole) streams.push({ stream: process.stdout });
  return pino({ level: 'info' }, pino.multistream(streams));
}
