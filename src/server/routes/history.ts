import { say } from '../../shared/server-messages.js';
import { PAGE_SIZE } from '../../shared/constants.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { actorOf, HISTORY_KINDS, type HistoryKind, TABLES } from '../db/history.js';
import { type ActivityFilter, itemHistory, lastDelete, presentHistory } from '../db/history-read.js';
import { restoreVersion } from '../db/history-restore.js';
import { purgeTrash, TRASH_DAYS } from '../db/trash.js';
import { forbidden, notFound } from '../errors.js';
import { isAdmin } from '../lib/access.js';
import { ADMINS, WRITERS } from '../plugins/auth.js';
import { toCsv } from '../services/files/csv.js';
import { IdParams, NullableString } from '../services/forms/list-query.js';
import { MessageCode } from './schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The kinds a band's members may see the history of; users and bands are the system admins'. */
const BAND_KINDS: readonly HistoryKind[] = ['song', 'performer', 'playlist', 'gig'];

const Kind = Type.Union(HISTORY_KINDS.map((kind) => Type.Literal(kind)));
const Named = Type.Object({ id: Type.Integer(), naziv: NullableString });
const Change = Type.Object({
  field: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  before_name: Type.Optional(NullableString),
  after_name: Type.Optional(NullableString),
  added: Type.Optional(Type.Array(Named)),
  removed: Type.Optional(Type.Array(Named)),
  moved: Type.Optional(Type.Array(Named)),
});
const Entry = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  user_name: Type.String(),
  band_id: Type.Union([Type.Integer(), Type.Null()]),
  kind: Type.String(),
  item_id: Type.Integer(),
  item_name: Type.String(),
  action: Type.String(),
  latest: Type.Boolean({ description: 'Whether this is the item’s newest change (the item as it is now).' }),
  changes: Type.Array(Change),
});

const ActivityQuery = Type.Object({
  band: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  user: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  kind: Type.Optional(Kind),
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
  pg: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

const Restored = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  ...MessageCode,
  kind: Type.String(),
  item_id: Type.Integer(),
  not_restored: Type.Array(
    Type.Object({
      field: Type.String(),
      reason: Type.String(),
      ids: Type.Optional(Type.Array(Type.Integer())),
    }),
  ),
});

/** Rows one activity export may hold. */
const EXPORT_MAX = 50_000;

/**
 * The history of changes (issue 28, point 3): an item's history for the band that owns it (every
 * item for a system admin), "restore this version" for those who may change it, and the activity
 * log across the system for system admins, kept HISTORY_DAYS (a daily purge job).
 */
const historyRoutes: FastifyPluginAsyncTypebox<{ historyDays: number }> = async (app, { historyDays }) => {
  /** A band member reads only their band's rows, and only of the band's own kinds. */
  function bandScope(request: FastifyRequest, kind: HistoryKind): number | null | undefined {
    const user = request.user!;
    if (isAdmin(user)) return undefined;
    if (!BAND_KINDS.includes(kind)) throw forbidden();
    return user.band_id;
  }

  /** Restores the version a history row made, for a caller who may change the item. */
  async function restore(request: FastifyRequest, historyId: number) {
    const user = request.user!;
    const result = await restoreVersion(app.db, actorOf(user, app.clock()), historyId, {
      hasFile: (name) => app.uploads.has(name),
      mayWrite: (kind, bandId) =>
        isAdmin(user) || (BAND_KINDS.includes(kind) && bandId !== null && bandId === user.band_id),
    });
    if (result.outcome === 'no_version') throw notFound(say('history_not_found'));
    if (result.outcome === 'forbidden') throw forbidden(say('history_not_yours'));
    if (result.outcome === 'gone') throw notFound(say('history_item_gone'));
    // A restore is a change like any other: the bandmates' lists and edit forms are told.
    app.panelLive.changed(
      result.kind === 'user' || result.kind === 'band' ? null : result.band_id,
      TABLES[result.kind],
      [result.item_id],
    );
    const fields = result.not_restored.map((entry) => entry.field).join(', ');
    return {
      success: true,
      ...(fields ? say('history_restored_partly', { fields }) : say('history_restored')),
      kind: result.kind,
      item_id: result.item_id,
      not_restored: result.not_restored,
    };
  }

  app.get(
    '/api/admin/history/:kind/:id',
    {
      schema: {
        tags: ['history'],
        description: "An item's changes, newest first: the band's own items (every item for a system admin).",
        params: Type.Composite([IdParams, Type.Object({ kind: Kind })]),
        response: { 200: Type.Object({ data: Type.Array(Entry), total: Type.Integer() }) },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      const rows = await itemHistory(app.db, kind, id, bandScope(request, kind));
      const data = await presentHistory(app.db, rows);
      return { data, total: data.length };
    },
  );

  app.post(
    '/api/admin/history/:id/restore',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['history'],
        description:
          'Brings the item back to the version this change made (a delete: to what it was before it), ' +
          'as a new change. What the version names that is gone is reported in not_restored, not written.',
        params: IdParams,
        response: { 200: Restored },
      },
    },
    async (request) => restore(request, request.params.id),
  );

  app.post(
    '/api/admin/trash/:kind/:id/restore',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['history'],
        description:
          'Undo of a delete: brings back a song, performer or playlist deleted in the last 30 days, as its ' +
          'delete in the history would (POST /api/admin/history/{id}/restore).',
        params: Type.Composite([
          IdParams,
          Type.Object({
            kind: Type.Union([Type.Literal('song'), Type.Literal('performer'), Type.Literal('playlist')]),
          }),
        ]),
        response: { 200: Restored },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      const deletion = await lastDelete(app.db, kind, id);
      if (!deletion) throw notFound(say('history_not_found'));
      return restore(request, deletion.id);
    },
  );

  const filterOf = (query: {
    band?: number;
    user?: number;
    kind?: HistoryKind;
    from?: string;
    to?: string;
  }) => {
    const filter: ActivityFilter = { band: query.band, user: query.user, kind: query.kind };
    if (query.from) filter.from = `${query.from}T00:00:00.000Z`;
    // `to` is the last day shown: everything before the next one.
    if (query.to) filter.to = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS).toISOString();
    return filter;
  };

  app.get(
    '/api/admin/activity',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['history'],
        description:
          'The activity log across the system, newest first (system admins); from/to are days (UTC).',
        querystring: ActivityQuery,
        response: { 200: Type.Object({ data: Type.Array(Entry), total: Type.Integer() }) },
      },
    },
    async (request) => {
      const { pg = 0, size = PAGE_SIZE } = request.query;
      const { rows, total } = await app.heavyReads.read('activityPage', filterOf(request.query), pg, size);
      return { data: await presentHistory(app.db, rows), total };
    },
  );

  app.get(
    '/api/admin/activity/export',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['export'],
        description: 'The activity log as CSV, with the log’s filters.',
        querystring: ActivityQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { rows } = await app.heavyReads.read('activityPage', filterOf(request.query), 0, EXPORT_MAX);
      const csv = toCsv(
        ['at', 'user', 'band', 'kind', 'item', 'name', 'action', 'changes'],
        rows.map((row) => [
          row.at,
          row.user_name,
          row.band_id,
          row.kind,
          row.item_id,
          row.item_name,
          row.action,
          Object.keys(JSON.parse(row.changes) as object).join(', '),
        ]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="encore-activity.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  // The history is kept HISTORY_DAYS; older rows go once a day (and once at start).
  app.jobs.schedule(
    'history-purge',
    DAY_MS,
    () => app.heavyWrites.purgeHistory(new Date(app.clock().getTime() - historyDays * DAY_MS).toISOString()),
    60_000,
  );
  // Deleted songs, performers and playlists are kept TRASH_DAYS, then go for good with their files.
  app.jobs.schedule(
    'trash-purge',
    DAY_MS,
    async () => {
      const files = await purgeTrash(
        app.db,
        new Date(app.clock().getTime() - TRASH_DAYS * DAY_MS).toISOString(),
      );
      for (const file of files) await app.uploads.remove(file);
    },
    60_000,
  );
};

export default historyRoutes;
