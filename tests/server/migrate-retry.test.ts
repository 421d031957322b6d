// A migration on PostgreSQL is tried again when it fails only because another schema was dropped
// meanwhile (Kysely's migrator lists every schema's tables; test runs beside each other drop theirs).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { retryingOtherSchemaDropped } from '../../src/server/db/connect.js';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('migrating beside other schemas', () => {
  it('tries again after "schema does not exist", and gives up after a few tries', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // A real PostgreSQL error, as the migrator's look-up gets it.
      const lookUp = async (gone: boolean) => {
        try {
          if (gone) await client.query(`select has_schema_privilege('gone_meanwhile', 'USAGE')`);
          return { results: [] };
        } catch (error) {
          return { error };
        }
      };
      let runs = 0;
      expect((await retryingOtherSchemaDropped(() => lookUp(++runs === 1))).error).toBeUndefined();
      expect(runs).toBe(2);

      let failing = 0;
      const result = await retryingOtherSchemaDropped(() => (failing++, lookUp(true)));
      expect(result.error).toMatchObject({ code: '3F000' });
      expect(failing).toBe(3);
    } finally {
      await client.end();
    }
  });
});
