// Child process of bench/songs.ts: the real app on a fresh SQLite database with the benchmark
// catalogue. Prints {port, token} as one JSON line once it listens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { createSession } from '../src/server/db/sessions.js';
import { hashPassword } from '../src/server/services/passwords.js';
import { seedCatalogue } from './seed-catalogue.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-bench-'));
const app = await buildApp({
  ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' }),
  clientDir: dataDir,
  logToConsole: false,
});
const now = new Date().toISOString();
await seedCatalogue(app.db, now);
const band = await app.db.selectFrom('bands').select('id').orderBy('id').executeTakeFirstOrThrow();
const user = await app.db
  .insertInto('users')
  .values({
    name: 'Bench',
    email: 'bench@encore.test',
    password_hash: await hashPassword('bench-password'),
    role: 'band_admin',
    band_id: band.id,
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const token = await createSession(app.db, user.id, now);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, token }));
const stop = () =>
  void app
    .close()
    .then(() => fs.rmSync(dataDir, { recursive: true, force: true }))
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
