import type { FastifyReply } from 'fastify';
import type { Db } from '../db/connect.js';
import type { UserWithBand } from '../db/users.js';

const MAX_ENTRIES = 2000;

/**
 * Caches list answers per catalogue version (migration 0003): a cached answer is served only while
 * the version read from the database is the one it was computed at, so a write in any server
 * process shows at once. What a list holds depends on the caller only through their band and
 * whether they are a system admin, so callers of one band share entries.
 */
export class ListCache {
  private entries = new Map<string, { version: number; json: string }>();

  constructor(private readonly db: Db) {}

  private async version(): Promise<number> {
    const row = await this.db
      .selectFrom('cache_versions')
      .select('version')
      .where('name', '=', 'catalogue')
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  /** Sends the list answer, from the cache when it is current; entries hold the serialized JSON
   *  (made by the route's own response serializer), so a hit costs no serialization. */
  async send(reply: FastifyReply, user: UserWithBand, key: string, compute: () => Promise<unknown>) {
    const fullKey = `${user.role === 'admin' ? 'admin' : 'band'}:${user.band_id}:${key}`;
    const version = await this.version();
    let json = this.entries.get(fullKey)?.version === version ? this.entries.get(fullKey)!.json : undefined;
    if (json === undefined) {
      json = String(reply.serialize(await compute()));
      // A crude bound: old entries are dropped wholesale rather than tracked one by one.
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(fullKey, { version, json });
    }
    return reply.type('application/json; charset=utf-8').send(json);
  }
}
