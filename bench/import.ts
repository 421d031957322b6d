// `npm run bench:import`: a 5,000-row CSV previewed and imported (issue 14: "in a few seconds"), in
// this process on a fresh SQLite database that already holds the benchmark catalogue (10,000 songs),
// so duplicates and performers are matched against a real repertoire.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { createSession } from '../src/server/db/sessions.js';
import { envNumber, onFinish, runBench } from './child.js';
import { seedCatalogue } from './seed-catalogue.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const LIMIT = envNumber('BENCH_TIMEOUT_SECONDS', 300);
await runBench(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-bench-import-'));
  onFinish(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const app = await buildApp({
    ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' }),
    clientDir: dataDir,
    logToConsole: false,
  });
  onFinish(() => app.close());
  const now = new Date().toISOString();
  await seedCatalogue(app.db, now);
  const band = await app.db.selectFrom('bands').select('id').orderBy('id').executeTakeFirstOrThrow();
  const user = await app.db
    .insertInto('users')
    .values({
      name: 'Bench',
      email: 'bench@encore.test',
      password_hash: 'x',
      role: 'band_admin',
      band_id: band.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createSession(app.db, user.id, now);
  // Serbian titles with diacritics, 200 performers (some new), every tenth row a repeat.
  const lines = ['Naziv;Izvođač;Javno'];
  for (let i = 0; i < ROWS; i++) {
    const n = i % 10 === 9 ? i - 1 : i;
    lines.push(`Pesma Đurđevdanska ${n};Izvođač Šaulić ${n % 200};${n % 3 === 0 ? 'da' : 'ne'}`);
  }
  const csv = Buffer.from('\uFEFF' + lines.join('\r\n'));
  const form = () => {
    const data = new FormData();
    data.append('file', new Blob([csv], { type: 'text/csv' }), 'songs.csv');
    return new Response(data);
  };
  const send = async (url: string) => {
    const body = form();
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${token}`,
        cookie: 'XSRF-TOKEN=bench',
        'x-xsrf-token': 'bench',
        'content-type': body.headers.get('content-type')!,
      },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return { ms, body: response.json() };
  };
  // As a listening server has them (plugins/database.ts): the import's worker loaded, not timed here.
  await app.heavyWrites.warm();
  const preview = await send('/api/admin/songs/import/preview');
  console.log(
    `preview of ${ROWS} rows: ${preview.ms.toFixed(0)} ms (${preview.body.add.length} to add, ` +
      `${preview.body.duplicates.length} duplicates, ${preview.body.repeated.length} repeated, ` +
      `${preview.body.new_performers.length} new performers)`,
  );
  const imported = await send('/api/admin/songs/import');
  console.log(`import of ${ROWS} rows: ${imported.ms.toFixed(0)} ms (${imported.body.added} added)`);
}, LIMIT);
