import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { OWNERSHIP } from '../../../shared/constants.js';
import type { Ownership } from '../../db/ownership.js';

const Filter = Type.Integer({ minimum: 1, maximum: 3 });

/** Query of the lists: o or os (ownership), q (search), pg (0-based page). */
export const ListQuery = Type.Object({
  o: Type.Optional(Filter),
  os: Type.Optional(Filter),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  pg: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export type ListQuery = Static<typeof ListQuery>;

export const ownershipOf = (query: ListQuery) => (query.o ?? query.os ?? OWNERSHIP.mine) as Ownership;

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** A gig's public token in a path (/api/public/gig/{token}, /api/admin/live/{token}). */
export const TokenParams = Type.Object({
  token: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});

export const NullableString = Type.Union([Type.String(), Type.Null()]);
export const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/**
 * A page of a list as the API answers it: `total`, and `more_than_total` when a search matches more
 * than SEARCH_TOTAL_CAP items, `total` being then the cap (db/read-list.ts).
 */
export const ListAnswer = <T extends TSchema>(row: T) =>
  Type.Object({
    data: Type.Array(row),
    total: Type.Integer(),
    more_than_total: Type.Optional(Type.Boolean()),
  });

export const listAnswer = <T>(data: T[], { total, more }: { total: number; more: boolean }) => ({
  data,
  total,
  ...(more ? { more_than_total: true } : {}),
});
