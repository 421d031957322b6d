import pg from 'pg';

/** At most this many prepared statements per connection: an IN list's or a batch's length makes a
 *  statement of its own, and the server keeps each until the connection closes. */
const MAX_PREPARED = 200;
const BEGIN = /^(begin|start transaction)\b/i;
const END = /^(commit|rollback)$/i;
/** A statement that changes the schema: a statement prepared before it might no longer fit. */
const DDL = /^\s*(create|alter|drop|comment|grant|revoke)\b/i;
/** PostgreSQL's feature_not_supported, which a prepared statement whose result columns changed raises. */
const CHANGED_RESULT_TYPE = '0A000';

/**
 * PostgreSQL parses and plans every statement it is sent unless the statement is prepared (named)
 * on the connection, and a write's transaction sends the same few statements again and again (issue
 * 25, point 5: half of the server's CPU for a playlist save). This client names the statements with
 * parameters that run inside a transaction, Kysely's way of writing, so each is parsed once per
 * connection; the server may then keep a generic plan for it, which suits writes (rows by key). Reads
 * outside a transaction (the lists and their searches, whose plans depend on the words searched)
 * stay unnamed, planned for their values each time. A connection that has changed the schema (the
 * migrations) names nothing from then on, so no statement prepared before a change is used after it.
 * Nor does a connection whose prepared statement failed because another process changed a table it
 * reads (a rolling deploy's migration: "cached plan must not change result type"): that statement's
 * transaction fails, the connection's next ones run unnamed instead of failing until it closes.
 */
export class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>();
  #inTransaction = false;
  #prepares = true;

  /** A named statement failed as the schema changed under it: name nothing from now on. */
  failed(error: unknown) {
    if ((error as { code?: unknown } | null)?.code === CHANGED_RESULT_TYPE) this.#prepares = false;
  }

  /** The name to run `text` under, or undefined: run it unnamed. */
  nameOf(text: string, values: unknown[]): string | undefined {
    if (BEGIN.test(text)) this.#inTransaction = true;
    else if (END.test(text)) this.#inTransaction = false;
    else if (DDL.test(text)) this.#prepares = false;
    else if (this.#inTransaction && this.#prepares && values.length) {
      let name = this.#names.get(text);
      if (!name && this.#names.size < MAX_PREPARED)
        this.#names.set(text, (name = `encore_${this.#names.size}`));
      return name;
    }
    return undefined;
  }
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
// Kysely calls query(text, values); any other call goes through as it came.
PreparingClient.prototype.query = function (this: PreparingClient, ...args: unknown[]) {
  // The prototype's, looked up at each call (a profiler may wrap it).
  const query = pg.Client.prototype.query as Query;
  const [text, values] = args;
  if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
    const name = this.nameOf(text, values);
    if (name)
      return (query.call(this, { name, text, values }) as Promise<unknown>).catch((error: unknown) => {
        this.failed(error);
        throw error;
      });
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;
