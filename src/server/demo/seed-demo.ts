import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/connect.js';
import { DEMO_USERS, seedDemo } from './demo-data.js';

/** `npm run seed:demo`: loads the demo data into the configured database. */
const config = loadConfig();
const { db, dialect } = openDatabase(config);
try {
  await migrateToLatest(db, dialect === 'postgres' ? 'public' : undefined);
  await seedDemo(db, new Date().toISOString());
  console.log('Demo data loaded. Accounts:');
  for (const user of DEMO_USERS) console.log(`  ${user.role.padEnd(10)} ${user.email} / ${user.password}`);
} finally {
  await db.destroy();
}
