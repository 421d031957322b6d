import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type MigrationResultSet,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type Transaction,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';
import { PreparingClient } from './pg-client.js';
import { WriterTurns } from './writer-turns.js';

export type Db = Kysely<Database>;
/** The database, or a transaction on it: what a repository function that may run in either takes. */
export type Tx = Db | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  databaseSchema?: string;
  /**
   * SQLite: the main connection's turns (DbHandle.turns) for a background writer's connection (the
   * write worker's), which then begins each transaction after the main connection's work.
   */
  after?: SharedArrayBuffer;
  /** How long such a writer lets the main connection's work go first (YIELD_MAX_MS). */
  afterMaxMs?: number;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The SQLite connection itself (for online backups); none on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** SQLite: the turns this connection counts, for a background writer's `after` (writer-turns.ts). */
  turns?: SharedArrayBuffer;
}

export function openDatabase(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.databaseSchema ? { options: `-c search_path=${options.databaseSchema}` } : {}),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, 'encore.sqlite'));
  // WAL lets readers run beside the writer; NORMAL sync keeps every committed write across a
  // process kill (only a power cut may lose the newest transactions). No busy_timeout: SQLite's
  // would wait for another writer (an import's worker, the seed script, another process) by
  // sleeping in this thread, the live pages' event loop; the driver waits between tries instead.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 0');
  cachePreparedStatements(sqlite);
  // The main connection counts its turns; a background writer waits for them.
  const turns = options.after ? undefined : new WriterTurns();
  const yieldTo = options.after && { turns: new WriterTurns(options.after), maxMs: options.afterMaxMs };
  return {
    db: new Kysely<Database>({
      dialect: new WriteLockingSqliteDialect({ database: sqlite }, sqlite, { turns, yieldTo }),
    }),
    dialect: 'sqlite',
    sqlite,
    turns: turns?.shared,
  };
}

/** What a connection does with the main connection's turns: counts them, or lets them go first. */
interface Turns {
  turns?: WriterTurns;
  yieldTo?: { turns: WriterTurns; maxMs?: number };
}

/** A read-only connection to the SQLite database of `dataDir` (a read worker's: heavy-read-pool.ts). */
export function openSqliteReader(dataDir: string): Db {
  const sqlite = new SQLite(path.join(dataDir, 'encore.sqlite'), { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  cachePreparedStatements(sqlite);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/**
 * Kysely begins SQLite transactions DEFERRED: the write lock is taken at the first write, so a rule
 * that reads and then writes (the last admin, a band's items) could read a state that another
 * process changes before the write. BEGIN IMMEDIATE takes the write lock first (waiting up to
 * busy_timeout for another writer), so what a transaction reads stays true until it commits. In
 * this process Kysely's single connection already runs one transaction at a time.
 */
class WriteLockingSqliteDriver extends SqliteDriver {
  readonly #waiting = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    settings: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
    private readonly turns: Turns,
  ) {
    super(settings);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    this.turns.turns?.enter();
    const connection = await super.acquireConnection();
    let waiting = this.#waiting.get(connection);
    if (!waiting) this.#waiting.set(connection, (waiting = waitingForWriters(connection, this.sqlite)));
    return waiting;
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.turns.turns?.leave();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.turns.yieldTo?.turns.yield(this.turns.yieldTo.maxMs);
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class WriteLockingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
    private readonly turns: Turns,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    return new WriteLockingSqliteDriver(this.settings, this.sqlite, this.turns);
  }
}

/** How long a statement waits for another connection's write to end, as busy_timeout did. */
const WRITER_WAIT_MS = 5000;

/**
 * The connection, with a statement that finds the database locked by another connection's write (a
 * `begin immediate`, a write outside a transaction) tried again after a pause, up to WRITER_WAIT_MS,
 * the event loop turning meanwhile (issue 25, point 2). Inside a transaction this connection began,
 * the lock is already its own: an error there is the statement's.
 */
function waitingForWriters(connection: DatabaseConnection, sqlite: SQLite.Database): DatabaseConnection {
  return {
    async executeQuery(query) {
      const deadline = Date.now() + WRITER_WAIT_MS;
      for (let pause = 1; ; pause = Math.min(pause * 2, 4)) {
        try {
          return await connection.executeQuery(query);
        } catch (error) {
          const busy = (error as { code?: unknown }).code === 'SQLITE_BUSY';
          if (!busy || sqlite.inTransaction || Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/**
 * Kysely prepares every query anew; preparing costs more than running the small queries of a
 * typical request, so prepared statements are kept per SQL text. Reuse is safe because Kysely runs
 * each statement to completion (all/run) before the next one starts.
 */
function cachePreparedStatements(sqlite: SQLite.Database, max = 500) {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= max) cache.clear();
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}

/**
 * Brings the schema up to date. On PostgreSQL Kysely's own tables are pinned to the schema in use:
 * unpinned, the migrator finds another schema's migration tables and takes them for its own.
 */
export async function migrateToLatest(db: Db, postgresSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(postgresSchema ? { migrationTableSchema: postgresSchema } : {}),
  });
  const { error, results } = await retryingOtherSchemaDropped(() => migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** PostgreSQL's "schema does not exist". */
const INVALID_SCHEMA_NAME = '3F000';

/**
 * Runs a migration again when another schema of the database was dropped while it looked for its
 * tables: Kysely's migrator lists the tables of every schema (checking each schema's privileges), so a
 * schema dropped at that moment by anyone else (a test run beside this one) fails the look-up though
 * ours is fine. Nothing of ours has changed then (PostgreSQL migrates in one transaction).
 */
export async function retryingOtherSchemaDropped(run: () => Promise<MigrationResultSet>, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await run();
    const code = (result.error as { code?: unknown } | undefined)?.code;
    if (code !== INVALID_SCHEMA_NAME || attempt >= attempts) return result;
  }
}
