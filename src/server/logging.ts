import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import type { LogLevel } from '../shared/constants.js';

/** One line of the log file as the System Logs screen shows it (spec §2 System Logs). */
export interface LogEntry {
  level: LogLevel;
  timestamp: string;
  message: string;
  context: string | null;
  extra: Record<string, unknown> | null;
}

export type LogFilter = 'all' | 'error' | 'warning' | 'info';

// The settings say 'warning'; pino says 'warn'.
const toPino = (level: LogLevel) => (level === 'warning' ? 'warn' : level);
const fromPino = (label: string): LogLevel =>
  label === 'warn'
    ? 'warning'
    : label === 'fatal'
      ? 'error'
      : label === 'trace'
        ? 'debug'
        : (label as LogLevel);

/** How much of the end of each file a read looks at: enough for the newest entries, bounded. */
const TAIL_BYTES = 1024 * 1024;

/**
 * The JSON-lines log file in DATA_DIR/logs. Lines are written synchronously (an admin's log is a few
 * lines a minute; requests are logged only at debug), so renaming and emptying the file never race a
 * pending write. Past max_log_file_size the file becomes encore.log.1 (replacing the previous one)
 * and a new one starts, so at most twice the limit is kept.
 */
export class LogFile {
  readonly path: string;
  readonly rotatedPath: string;
  private fd: number;
  private size: number;
  private maxBytes: number;

  constructor(dir: string, maxMegabytes: number) {
    fs.mkdirSync(dir, { recursive: true });
    this.path = path.join(dir, 'encore.log');
    this.rotatedPath = `${this.path}.1`;
    this.fd = fs.openSync(this.path, 'a');
    this.size = fs.fstatSync(this.fd).size;
    this.maxBytes = maxMegabytes * 1024 * 1024;
  }

  write(line: string) {
    fs.writeSync(this.fd, line);
    this.size += Buffer.byteLength(line);
    if (this.size > this.maxBytes) this.rotate();
  }

  setMaxSize(megabytes: number) {
    this.maxBytes = megabytes * 1024 * 1024;
    if (this.size > this.maxBytes) this.rotate();
  }

  private rotate() {
    fs.closeSync(this.fd);
    fs.renameSync(this.path, this.rotatedPath);
    this.fd = fs.openSync(this.path, 'a');
    this.size = 0;
  }

  /** The newest entries first, at most `limit`, of one level or all. */
  read(filter: LogFilter, limit: number): LogEntry[] {
    const entries: LogEntry[] = [];
    for (const file of [this.path, this.rotatedPath]) {
      const lines = tail(file).split('\n').reverse();
      for (const line of lines) {
        const entry = parseLine(line);
        if (!entry || (filter !== 'all' && entry.level !== filter)) continue;
        entries.push(entry);
        if (entries.length >= limit) return entries;
      }
    }
    return entries;
  }

  clear() {
    // Appends go to the end, which is now the start.
    fs.ftruncateSync(this.fd, 0);
    fs.rmSync(this.rotatedPath, { force: true });
    this.size = 0;
  }
}

function tail(file: string): string {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return '';
  }
  try {
    const size = fs.fstatSync(fd).size;
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, size - length);
    const text = buffer.toString('utf8');
    // A cut-off first line is dropped rather than shown half.
    return length < size ? text.slice(text.indexOf('\n') + 1) : text;
  } finally {
    fs.closeSync(fd);
  }
}

function parseLine(line: string): LogEntry | null {
  if (!line.trim()) return null;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { level, timestamp, message, context, ...rest } = parsed;
  if (typeof level !== 'string' || typeof timestamp !== 'string') return null;
  return {
    level: fromPino(level),
    timestamp,
    message: typeof message === 'string' ? message : '',
    context: typeof context === 'string' ? context : null,
    extra: Object.keys(rest).length ? rest : null,
  };
}

export interface Logging {
  logger: pino.Logger;
  file: LogFile;
  /** Sets the level of the logger and of children made from it before (Fastify's app.log is one). */
  setLevel(level: LogLevel, ...children: { level: string }[]): void;
}

/**
 * The server's logger: JSON lines {level, timestamp, message, context, ...extra} to the log file and,
 * unless turned off, to stdout.
 */
export function createLogging(dataDir: string, toConsole: boolean, maxMegabytes: number): Logging {
  const file = new LogFile(path.join(dataDir, 'logs'), maxMegabytes);
  const streams: pino.StreamEntry[] = [{ level: 'trace', stream: file }];
  if (toConsole) streams.push({ level: 'trace', stream: process.stdout });
  const logger = pino(
    {
      level: 'info',
      messageKey: 'message',
      timestamp: () => `,"timestamp":"${new Date().toISOString()}"`,
      formatters: {
        level: (label) => ({ level: fromPino(label) }),
        // pid and hostname say nothing on a one-process server; they would only crowd the screen.
        bindings: () => ({}),
      },
    },
    pino.multistream(streams),
  );
  return {
    logger,
    file,
    setLevel(level, ...children) {
      for (const target of [logger, ...children]) target.level = toPino(level);
    },
  };
}
