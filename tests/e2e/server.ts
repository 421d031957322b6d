import fs from 'node:fs';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { migrateToLatest, openDatabase } from '../../src/server/db/connect.js';
import { seedDemo } from '../../src/server/demo/demo-data.js';

/** The real built server on a fresh DATA_DIR with the demo data, for the browser tests. */
const dataDir = process.env.E2E_DATA_DIR!;
fs.rmSync(dataDir, { recursive: true, force: true });

const config = loadConfig({
  PORT: process.env.E2E_PORT,
  // The pages use /ws of the main port; an own live port (PORT+1) could be a neighbour's E2E_PORT.
  LIVE_PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ADMIN_EMAIL: 'root@encore.test',
  ADMIN_PASSWORD: 'root-password',
});
const seed = openDatabase(config);
await migrateToLatest(seed.db);
await seedDemo(seed.db, new Date().toISOString());
await seed.db.destroy();

// Session uses reach the database at once, and sessions are re-read at once, so a test can age a
// session there (sign-in.spec.ts).
const app = await buildApp({ ...config, logToConsole: false }, { sessionFlushMs: 50, freshMs: 50 });
await app.listen({ port: config.port, host: config.host });
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
