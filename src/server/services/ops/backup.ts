import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';

export interface BackupOptions {
  dataDir: string;
  /** The live SQLite connection; none on PostgreSQL, whose own tools back it up (docs/operations.md). */
  sqlite: SQLite.Database | null;
  now: Date;
  /** How many backups to keep; older ones are removed. */
  keep?: number;
}

export const BACKUP_DATABASE = 'encore.sqlite';
const KEEP = 5;

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/**
 * Copies the database (SQLite's online backup: consistent while the server keeps writing) and the
 * uploads into DATA_DIR/backups/<time>/. The folder gets its final name only once complete, so a
 * half-written backup is never mistaken for a good one.
 */
export async function backupNow({ dataDir, sqlite, now, keep = KEEP }: BackupOptions): Promise<string> {
  const root = backupsDir(dataDir);
  const name = now.toISOString().replace(/[:.]/g, '-');
  const partial = path.join(root, `${name}.partial`);
  const final = path.join(root, name);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    if (sqlite) await sqlite.backup(path.join(partial, BACKUP_DATABASE));
    const uploads = path.join(dataDir, 'uploads');
    if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(partial, 'uploads'), { recursive: true });
    fs.renameSync(partial, final);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  prune(root, keep);
  return final;
}

/** Finished backups, newest first (their names are ISO times, so they sort by age). */
export function listBackups(dataDir: string): string[] {
  const root = backupsDir(dataDir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((name) => !name.endsWith('.partial'))
    .sort()
    .reverse();
}

/** When the newest finished backup was written (epoch ms), if there is one. */
export function lastBackupAt(dataDir: string): number | undefined {
  const [newest] = listBackups(dataDir);
  return newest ? fs.statSync(path.join(backupsDir(dataDir), newest)).mtimeMs : undefined;
}

function prune(root: string, keep: number) {
  const dataDir = path.dirname(root);
  for (const old of listBackups(dataDir).slice(keep))
    fs.rmSync(path.join(root, old), { recursive: true, force: true });
}
