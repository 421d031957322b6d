import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { say } from '../../shared/server-messages.js';
import { venueHour } from '../../shared/times.js';
import { findBand } from '../db/bands.js';
import type { HeavyReadAnswer } from '../db/heavy-reads.js';
import { type InsightsScope, TOP } from '../db/insights.js';
import type { UserWithBand } from '../db/users.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { isAdmin } from '../lib/access.js';
import { toCsv } from '../services/files/csv.js';
import { CsvLang, csvWords } from '../services/files/csv-words.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

const InsightsQuery = Type.Object({
  /** A system admin's choice of band; without it, every band's gigs. Others: their own band only. */
  band: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
});

const PARTS = ['gigs', 'hours', 'statuses', 'songs', 'performers', 'misses', 'never'] as const;
type Part = (typeof PARTS)[number];

/** Hours in the order a night reads them: from noon to the next morning. */
const NIGHT_HOURS = Array.from({ length: 24 }, (_, i) => (i + 12) % 24);

/** The days a period without bounds covers (any gig's start falls between them). */
const EARLIEST = '0001-01-01';
const LATEST = '9999-12-30';

/**
 * Insights across gigs (issue 29, point 3): for band admins and viewers their own band's, for system
 * admins any band's or every band's, over a period of gig days. Read only; computed from the request
 * records (db/insights.ts). The venue's hours are TIME_ZONE's, as every time the panel shows.
 */
const insightsRoutes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, { timeZone }) => {
  async function scopeOf(user: UserWithBand, query: { band?: number; from?: string; to?: string }) {
    for (const [field, day] of [
      ['from', query.from],
      ['to', query.to],
    ] as const)
      if (day !== undefined && Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
        throw invalid({ [field]: [say('insights_bad_day')] });
    let band: number | null;
    if (isAdmin(user)) {
      band = query.band ?? null;
      if (band !== null && !(await findBand(app.db, band))) throw notFound(say('band_not_found'));
    } else {
      if (user.band_id === null) throw forbidden(say('insights_needs_band'));
      if (query.band !== undefined && query.band !== user.band_id)
        throw forbidden(say('insights_other_band'));
      band = user.band_id;
    }
    return { band, from: query.from ?? EARLIEST, to: query.to ?? LATEST } satisfies InsightsScope;
  }

  /** Requests per hour of the venue's night, every hour from noon to noon. */
  async function perHour(scope: InsightsScope) {
    const counts = new Map<number, number>();
    for (const { hour, count } of await app.heavyReads.read('requestsPerUtcHour', scope)) {
      const local = venueHour(`${hour}:00:00Z`, timeZone);
      counts.set(local, (counts.get(local) ?? 0) + count);
    }
    return NIGHT_HOURS.map((hour) => ({ hour, count: counts.get(hour) ?? 0 }));
  }

  const totalsOf = (gigs: HeavyReadAnswer<'requestsPerGig'>) => {
    const sum = (key: 'total' | 'played' | 'declined' | 'waiting') =>
      gigs.reduce((n, gig) => n + gig[key], 0);
    return { total: sum('total'), played: sum('played'), declined: sum('declined'), waiting: sum('waiting') };
  };

  app.get(
    '/api/admin/insights',
    {
      schema: {
        tags: ['insights'],
        description:
          'Requests per gig and per hour of the night (TIME_ZONE), how they ended, the most requested songs and ' +
          "performers, what the audience searched for and did not find, and the repertoire's songs never requested, " +
          'over the gigs that start between `from` and `to` (days, both included).',
        querystring: InsightsQuery,
      },
    },
    async (request) => {
      const scope = await scopeOf(request.user!, request.query);
      // One after another: on SQLite one read worker answers them in turn anyway (off the live
      // pages' event loop: the whole history is a second of work there), and a busy PostgreSQL pool
      // is better left to the live pages.
      const gigs = await app.heavyReads.read('requestsPerGig', scope);
      const hours = await perHour(scope);
      const songs = await app.heavyReads.read('topSongs', scope, TOP.songs);
      const performers = await app.heavyReads.read('topPerformers', scope, TOP.performers);
      const misses = await app.heavyReads.read('topSearchMisses', scope, TOP.misses);
      const never = await app.heavyReads.read('neverRequested', scope, TOP.never);
      return {
        band: scope.band,
        from: request.query.from ?? null,
        to: request.query.to ?? null,
        time_zone: timeZone,
        totals: totalsOf(gigs),
        gigs,
        hours,
        songs,
        performers,
        misses,
        never,
      };
    },
  );

  function sendCsv(reply: FastifyReply, part: Part, csv: string) {
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="encore-insights-${part}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  }

  app.get(
    '/api/admin/insights/export',
    {
      schema: {
        tags: ['insights'],
        description: "One of the insights' figures as CSV, every row of it; headers in `lang`.",
        querystring: Type.Composite([
          InsightsQuery,
          Type.Object({ part: Type.Union(PARTS.map((p) => Type.Literal(p))), lang: Type.Optional(CsvLang) }),
        ]),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request.user!, request.query);
      const { part } = request.query;
      const words = csvWords(request.query.lang);
      const c = words.columns;
      const share = (n: number, total: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);
      switch (part) {
        case 'gigs': {
          const gigs = await app.heavyReads.read('requestsPerGig', scope);
          return sendCsv(
            reply,
            part,
            toCsv(
              [c.gig, c.start, c.requests, c.played, c.declined, c.waiting],
              gigs.map((g) => [
                g.naziv,
                g.pocetak.replace('T', ' '),
                g.total,
                g.played,
                g.declined,
                g.waiting,
              ]),
            ),
          );
        }
        case 'hours': {
          const hours = await perHour(scope);
          const rows = hours.map((h) => [`${String(h.hour).padStart(2, '0')}:00`, h.count]);
          return sendCsv(reply, part, toCsv([c.hour, c.requests], rows));
        }
        case 'statuses': {
          const totals = totalsOf(await app.heavyReads.read('requestsPerGig', scope));
          const rows = (['played', 'declined', 'waiting'] as const).map((status) => [
            words.statuses[status],
            totals[status],
            share(totals[status], totals.total),
          ]);
          return sendCsv(reply, part, toCsv([c.status, c.requests, c.share], rows));
        }
        case 'songs': {
          const songs = await app.heavyReads.read('topSongs', scope);
          const rows = songs.map((s) => [s.naziv, s.performer, s.count]);
          return sendCsv(reply, part, toCsv([c.song, c.performer, c.requests], rows));
        }
        case 'performers': {
          const performers = await app.heavyReads.read('topPerformers', scope);
          return sendCsv(
            reply,
            part,
            toCsv(
              [c.performer, c.requests],
              performers.map((p) => [p.naziv, p.count]),
            ),
          );
        }
        case 'misses': {
          const misses = await app.heavyReads.read('topSearchMisses', scope);
          return sendCsv(
            reply,
            part,
            toCsv(
              [c.searched, c.times],
              misses.map((m) => [m.text, m.count]),
            ),
          );
        }
        case 'never': {
          const { songs } = await app.heavyReads.read('neverRequested', scope);
          return sendCsv(
            reply,
            part,
            toCsv(
              [c.song, c.performer],
              songs.map((s) => [s.naziv, s.performer]),
            ),
          );
        }
      }
    },
  );
};

export default insightsRoutes;
