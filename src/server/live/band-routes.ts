import { say } from '../../shared/server-messages.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { findGig } from '../db/gigs.js';
import {
  bumpQueueVersion,
  decideSong,
  moveSong,
  queuePace,
  queueSnapshot,
  hideMessage,
  waitingMessages,
  songResources,
} from '../db/live-queue.js';
import { findLiveGig, lockGig, openForRequests } from '../db/live-gigs.js';
import { gigRequestRows, requestSummary, requestTimeline } from '../db/gig-summary.js';
import { uploadUrl } from '../lib/upload-url.js';
import type { BandQueueEntry, LiveQueueEntry } from '../../shared/live-events.js';
import { forbidden, notFound } from '../errors.js';
import { owns } from '../lib/access.js';
import { iso } from '../lib/clock.js';
import { toCsv } from '../services/files/csv.js';
import { venueStamp } from '../../shared/times.js';
import { CsvLang, csvWords } from '../services/files/csv-words.js';
import { IdParams, TokenParams } from '../services/forms/list-query.js';
import { decidedInOrder, publishRunning } from './setlist.js';
import { actorOf } from '../db/history.js';

const ACTIONS = ['played', 'declined', 'up', 'down'] as const;

/** The band's live queue (issue "Live gig night": band page and viewer area), found by the gig's token. */
const liveQueueRoutes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, options) => {
  /** The gig, if the caller is a member of its band (or a system admin); writers must not be viewers. */
  function checkMember(request: FastifyRequest, gig: { band_id: number }) {
    if (!owns(request.user!, gig)) throw forbidden(say('gig_other_band'));
  }

  async function gigFor(request: FastifyRequest, token: string, write: boolean) {
    const gig = await findLiveGig(app.db, token);
    if (!gig) throw notFound(say('no_gig_at_address'));
    checkMember(request, gig);
    if (write && request.user!.role === 'viewer') throw forbidden(say('queue_viewers'));
    return gig;
  }

  /** The band's queue entries carry each song's resource file and link (the stage view). */
  async function withResources(queue: LiveQueueEntry[]): Promise<BandQueueEntry[]> {
    const found = await songResources(
      app.db,
      queue.map((entry) => entry.song_id),
    );
    return queue.map((entry) => {
      const song = found.get(entry.song_id);
      return {
        ...entry,
        resource: uploadUrl(song?.resource_file ?? null),
        resursi: song?.resursi ?? null,
        chart: song?.chart ?? false,
      };
    });
  }

  const answer = async (gigId: number) => {
    const snapshot = await queueSnapshot(app.db, app.dialect, gigId);
    return { success: true, ...snapshot, queue: await withResources(snapshot.queue) };
  };

  app.get('/api/admin/live/:token', { schema: { tags: ['live'], params: TokenParams } }, async (request) => {
    const gig = await gigFor(request, request.params.token, false);
    const [{ version, queue, active, pace }, settings, messages] = await Promise.all([
      queueSnapshot(app.db, app.dialect, gig.id),
      app.settings.get(),
      waitingMessages(app.db, gig.id),
    ]);
    return {
      gig: {
        id: gig.id,
        naziv: gig.naziv,
        lokacija: gig.lokacija,
        pocetak: gig.pocetak,
        active,
        token: gig.token,
        band_naziv: gig.band_naziv,
        allow_messages: gig.allow_messages === 1,
      },
      version,
      queue: await withResources(queue),
      /** For each entry's wait estimate (issue 29). */
      pace,
      messages,
      can_edit: request.user!.role !== 'viewer',
      notifications: settings.enable_notifications,
    };
  });

  app.post(
    '/api/admin/live/:token/songs/:songId/:action',
    {
      schema: {
        tags: ['live'],
        params: Type.Object({
          token: TokenParams.properties.token,
          songId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
          action: Type.Union(ACTIONS.map((a) => Type.Literal(a))),
        }),
      },
    },
    async (request) => {
      const { token, songId, action } = request.params;
      const gig = await gigFor(request, token, true);
      const changed = await app.db.transaction().execute(async (trx) => {
        const { active } = await lockGig(trx, app.dialect, gig.id);
        if (action === 'up' || action === 'down') {
          const order = await moveSong(trx, gig.id, songId, action);
          if (!order) return undefined;
          const change = { kind: 'moved' as const, song_id: songId, order };
          return { active, version: await bumpQueueVersion(trx, gig.id), change };
        }
        const now = iso(app.clock());
        const ids = await decideSong(trx, gig.id, songId, action, now);
        if (!ids.length) return undefined;
        // A song played changes the night's pace: the guests' estimates follow it (issue 29).
        const pace = action === 'played' ? await queuePace(trx, gig.id, gig.minutes_per_song) : undefined;
        const change = { kind: action, song_id: songId, request_ids: ids, ...(pace ? { pace } : {}) };
        // A request slotted into the running order (issue 27, point 3) is played or taken out there too.
        const running = await decidedInOrder(trx, gig, songId, action, now);
        return { active, version: await bumpQueueVersion(trx, gig.id), change, running };
      });
      if (!changed) throw notFound(say('song_not_waiting'));
      app.liveQueue.publish({ token: gig.token, active: changed.active }, changed.version, changed.change);
      if ('running' in changed && changed.running) publishRunning(app, gig.token, changed.running);
      return answer(gig.id);
    },
  );

  // The guests' messages (issue 13, point 5) reach the band only through these routes and the one
  // above: the live channel is shared with the audience, so the band page reloads them when a
  // request arrives or a message is hidden.
  app.get(
    '/api/admin/live/:token/messages',
    { schema: { tags: ['live'], params: TokenParams } },
    async (request) => {
      const gig = await gigFor(request, request.params.token, false);
      return { messages: await waitingMessages(app.db, gig.id) };
    },
  );

  app.post(
    '/api/admin/live/:token/messages/:id/hide',
    {
      schema: {
        tags: ['live'],
        description: 'Hides a guest’s message from the band page and the report.',
        params: Type.Object({
          token: TokenParams.properties.token,
          id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
        }),
      },
    },
    async (request) => {
      const gig = await gigFor(request, request.params.token, true);
      const changed = await app.db.transaction().execute(async (trx) => {
        const { active } = await lockGig(trx, app.dialect, gig.id);
        if (!(await hideMessage(trx, gig.id, request.params.id))) return undefined;
        return { active, version: await bumpQueueVersion(trx, gig.id) };
      });
      if (!changed) throw notFound(say('no_such_message'));
      // The band's other tablets read the messages again; the change carries none of them.
      app.liveQueue.publish({ token: gig.token, active: changed.active }, changed.version, {
        kind: 'messages',
      });
      return { success: true, messages: await waitingMessages(app.db, gig.id) };
    },
  );

  app.post(
    '/api/admin/live/:token/active',
    {
      schema: { tags: ['live'], params: TokenParams, body: Type.Object({ active: Type.Boolean() }) },
    },
    async (request) => {
      const gig = await gigFor(request, request.params.token, true);
      const { active } = request.body;
      const version = await openForRequests(
        app.db,
        app.dialect,
        gig.id,
        active,
        actorOf(request.user!, app.clock()),
      );
      app.liveQueue.publish({ token: gig.token, active }, version, { kind: active ? 'resumed' : 'paused' });
      return { ...(await answer(gig.id)), active };
    },
  );

  app.get(
    '/api/admin/gig/:id/requests-summary',
    { schema: { tags: ['live'], params: IdParams } },
    async (request) => {
      const gig = await findGig(app.db, request.params.id);
      if (!gig) throw notFound(say('gig_not_found'));
      checkMember(request, gig);
      const [summary, rows] = await Promise.all([
        requestSummary(app.db, gig.id),
        gigRequestRows(app.db, gig.id),
      ]);
      return { ...summary, timeline: requestTimeline(rows) };
    },
  );

  app.get(
    '/api/admin/gig/:id/report.csv',
    {
      schema: {
        tags: ['live'],
        description:
          "The after-show report: each request's time (the venues' wall clock, TIME_ZONE), song, performer, status and how many asked; " +
          'headers and statuses in `lang`.',
        params: IdParams,
        querystring: Type.Object({ lang: Type.Optional(CsvLang) }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const gig = await findGig(app.db, request.params.id);
      if (!gig) throw notFound(say('gig_not_found'));
      checkMember(request, gig);
      const rows = await gigRequestRows(app.db, gig.id);
      const asked = new Map<number, number>();
      for (const row of rows) asked.set(row.song_id, (asked.get(row.song_id) ?? 0) + 1);
      const words = csvWords(request.query.lang);
      const column = words.columns;
      const csv = toCsv(
        [column.time, column.song, column.performer, column.status, column.asked, column.message],
        rows.map((row) => [
          venueStamp(row.created_at, options.timeZone),
          row.naziv,
          row.performer,
          words.statuses[row.status as keyof typeof words.statuses] ?? row.status,
          asked.get(row.song_id)!,
          row.message_hidden ? null : row.message,
        ]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="encore-gig-${gig.id}-requests.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

export default liveQueueRoutes;
