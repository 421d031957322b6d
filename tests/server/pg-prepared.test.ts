import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PreparingClient } from '../../src/server/db/pg-client.js';

// A rolling deploy: another process migrates a table while this one's connections hold statements
// prepared against it (db/pg-client.ts).
describe.runIf(process.env.TEST_DB === 'postgres')(
  'a statement prepared before another process changed its table',
  () => {
    it('fails its transaction once, then the connection runs it unprepared', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const schema = `prepared_${process.pid}_${Date.now()}`;
      const other = new pg.Client({ connectionString: url });
      const client = new PreparingClient({ connectionString: url });
      await other.connect();
      await client.connect();
      try {
        await other.query(`create schema ${schema}`);
        await other.query(`create table ${schema}.items (id integer primary key, name text)`);
        await other.query(`insert into ${schema}.items values (1, 'prvi')`);
        // As Kysely runs a transaction: begin, the statement with its values, commit.
        const read = async () => {
          await client.query('begin', []);
          try {
            const { rows } = await client.query(`select * from ${schema}.items where id = $1`, [1]);
            await client.query('commit', []);
            return rows[0] as unknown;
          } catch (error) {
            await client.query('rollback', []);
            throw error;
          }
        };
        expect(client.nameOf(`select * from ${schema}.items where id = $1`, [1])).toBeUndefined();
        expect(await read()).toEqual({ id: 1, name: 'prvi' });
        await other.query(`alter table ${schema}.items add column extra integer`);
        await expect(read()).rejects.toMatchObject({ code: '0A000' });
        expect(await read()).toEqual({ id: 1, name: 'prvi', extra: null });
        expect(await read()).toEqual({ id: 1, name: 'prvi', extra: null });
      } finally {
        await other.query(`drop schema if exists ${schema} cascade`);
        await Promise.all([other.end(), client.end()]);
      }
    });
  },
);
