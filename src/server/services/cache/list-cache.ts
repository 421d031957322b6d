import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { isPostgres } from '../../db/locks.js';
import type { UserWithBand } from '../../db/users.js';
import type { Memo } from '../../db/memo.js';
import { CompressedAnswer } from './compressed-answer.js';

/**
 * How long this process trusts what it read of the database's cache versions and sessions without
 * reading them again (docs/decisions.md, "Lists and sessions from memory"). A write through this
 * process forgets them at once; one through another process is seen through Redis at once, or after
 * at most this long without Redis.
 */
export const FRESH_MS = 1_000;
const MAX_PAGES = 10_000;
const MAX_VERSIONS = 10_000;

export type ListTable = 'songs' | 'performers' | 'playlists' | 'gigs';

/**
 * The cache versions (migration 0005) a user's list over these tables depends on: a band's user sees
 * their band's rows and other bands' public ones; a system admin sees every row.
 */
export function scopeNames(user: UserWithBand, tables: readonly ListTable[]): string[] {
  if (user.role === 'admin') return tables.map((table) => `${table}:a`);
  return tables.flatMap((table) => [`${table}:b:${user.band_id ?? -1}`, `${table}:p`]);
}

/** What this process remembers of the database, and the signal to forget it all. */
export class Freshness {
  /** Bumped by every invalidation: a read begun in an older epoch is not remembered. */
  epoch = 0;
  private readonly listeners: (() => void)[] = [];

  /** @param freshMs how long what was read is trusted (tests lengthen it to prove Redis carries it) */
  constructor(readonly freshMs = FRESH_MS) {}

  onInvalidate(listener: () => void) {
    this.listeners.push(listener);
  }

  invalidate() {
    this.epoch++;
    for (const listener of this.listeners) listener();
  }
}

/** The versions of named scopes, read from the database at most once per FRESH_MS. */
export class ScopeVersions {
  private known = new Map<string, { version: number; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly freshness: Freshness,
  ) {
    freshness.onInvalidate(() => this.known.clear());
  }

  /** The versions of the names as one string, the same while none of them changes. */
  async key(names: string[]): Promise<string> {
    const now = performance.now();
    let key = '';
    for (const name of names) {
      const known = this.known.get(name);
      if (!known || now - known.at > this.freshness.freshMs) return this.read(names, now);
      key += `${known.version}.`;
    }
    return key;
  }

  private async read(names: string[], now: number) {
    const epoch = this.freshness.epoch;
    const rows = await this.readVersions(names);
    const found = new Map(rows.map((row) => [row.name, Number(row.version)]));
    if (epoch === this.freshness.epoch) {
      if (this.known.size > MAX_VERSIONS) this.known.clear();
      for (const name of names) this.known.set(name, { version: found.get(name) ?? 0, at: now });
    }
    return names.map((name) => `${found.get(name) ?? 0}.`).join('');
  }

  /**
   * On PostgreSQL no row holds a table's all-bands version (`songs:a`; migration 0023: every band's
   * write would lock it): it is the sum of the bands' versions, which grows with every change of
   * any of them and is seen with the change's commit, as a version row would be.
   */
  private async readVersions(names: string[]) {
    const tables = isPostgres(this.db)
      ? names.filter((name) => name.endsWith(':a')).map((name) => name.slice(0, -2))
      : [];
    if (!tables.length) {
      return this.db
        .selectFrom('cache_versions')
        .select(['name', 'version'])
        .where('name', 'in', names)
        .execute();
    }
    const { rows } = await sql<{ name: string; version: number }>`
      select name, version from cache_versions where name in (${sql.join(names)})
      union all
      select left(name, strpos(name, ':') - 1) || ':a' as name, sum(version) as version
      from cache_versions where ${sql.join(
        tables.map((table) => sql`name like ${`${table}:b:%`}`),
        sql` or `,
      )}
      group by 1`.execute(this.db);
    return rows;
  }
}

/** A map that drops its oldest entry when full. */
class Bounded<V> extends Map<string, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: string, value: V) {
    this.delete(key);
    if (this.size >= this.max) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}

/**
 * Caches list answers per scope versions: a cached answer is served only while the versions of what
 * its caller can see (their band's rows and the public ones, or everything for a system admin) are
 * the ones it was computed at, so band B's private edit leaves band A's pages cached. What a list
 * holds depends on the caller only through their band and whether they are a system admin, so callers
 * of one band share entries.
 */
export class ListCache {
  private readonly pages = new Bounded<{ versions: string; answer: CompressedAnswer }>(MAX_PAGES);
  private readonly values = new Bounded<{ versions: string; value: Promise<unknown> }>(MAX_PAGES);
  /** How many answers were computed rather than served from the cache (for tests and operations). */
  computed = 0;
  /** How many compressed forms of cached answers were made (each once per page and encoding). */
  compressed = 0;
  /** Off: every answer is computed, totals too (the benchmark's "cache off" lines). */
  enabled = true;

  constructor(readonly versions: ScopeVersions) {}

  /** Sends the list answer, from the cache when it is current; entries hold the serialized JSON
   *  (made by the route's own response serializer) as UTF-8 bytes and its compressed forms, so a hit
   *  costs no serialization, no encoding and no compression. */
  async send(
    reply: FastifyReply,
    user: UserWithBand,
    tables: readonly ListTable[],
    key: string,
    compute: (memo: Memo, memoScope: string | undefined) => Promise<unknown>,
  ) {
    const scope = `${user.role === 'admin' ? 'admin' : 'band'}:${user.band_id}:${tables.join(',')}`;
    const versions = await this.versions.key(scopeNames(user, tables));
    const pageKey = `${scope}:${key}`;
    const hit = this.pages.get(pageKey);
    let answer = this.enabled && hit?.versions === versions ? hit.answer : undefined;
    if (answer === undefined) {
      const memo: Memo = <T>(valueKey: string, make: () => Promise<T>) => {
        const fullKey = `${scope}:${valueKey}`;
        const known = this.values.get(fullKey);
        if (this.enabled && known?.versions === versions) return known.value as Promise<T>;
        const value = make();
        this.values.set(fullKey, { versions, value });
        value.catch(() => this.values.delete(fullKey));
        return value;
      };
      this.computed++;
      answer = new CompressedAnswer(
        Buffer.from(
          String(reply.serialize(await compute(memo, this.enabled ? `${scope}@${versions}` : undefined))),
        ),
        () => this.compressed++,
      );
      this.pages.set(pageKey, { versions, answer });
    }
    return answer.send(reply, 'application/json; charset=utf-8');
  }
}
