import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { formatDuration } from '../../shared/song-sheet.js';
import { toCsv } from '../services/files/csv.js';
import { CsvLang, csvWords, yesNo } from '../services/files/csv-words.js';
import { ListQuery, ownershipOf } from '../services/forms/list-query.js';

/** Rows one export may hold: far more than any band's repertoire. */
const EXPORT_MAX = 50_000;

/** A list's query, and the language of the file (the panel's; English without it). */
const ExportQuery = Type.Composite([ListQuery, Type.Object({ lang: Type.Optional(CsvLang) })]);
function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="encore-${name}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/**
 * Each list as CSV (issue 14, Export), with the list's own filter and search: what the band sees on
 * the screen, all pages of it. Excel and LibreOffice open the files with the diacritics intact. The
 * headers and yes/no are in the panel's language (issue 26), the names as the band wrote them.
 */
const exportRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const schema = (description: string) => ({
    tags: ['export'],
    description,
    querystring: ExportQuery,
    produces: ['text/csv'],
  });

  app.get(
    '/api/admin/songs/export',
    { schema: schema('The songs list as CSV: o/os and q as on the list.') },
    async (request, reply) => {
      const { rows } = await app.heavyReads.read('listSongs', request.user!, {
        ownership: ownershipOf(request.query),
        q: request.query.q,
        page: 0,
        size: EXPORT_MAX,
      });
      const words = csvWords(request.query.lang);
      const { title, performer, public: visible, resource_link, key, tempo, duration, chart } = words.columns;
      // Issue 27: the charts, which lists leave out, read for the exported rows only.
      const charts = await app.heavyReads.read(
        'songCharts',
        rows.map((row) => row.id),
      );
      const csv = toCsv(
        [title, performer, visible, resource_link, key, tempo, duration, chart],
        rows.map((row) => [
          row.naziv,
          row.performer_naziv,
          yesNo(words, row.visibility),
          row.resursi,
          row.tonalitet,
          row.tempo,
          row.trajanje === null ? null : formatDuration(row.trajanje),
          charts.get(row.id) ?? null,
        ]),
      );
      return sendCsv(reply, 'songs', csv);
    },
  );

  app.get(
    '/api/admin/performers/export',
    { schema: schema('The performers list as CSV: os and q as on the list.') },
    async (request, reply) => {
      const { rows } = await app.heavyReads.read('listPerformers', request.user!, {
        ownership: ownershipOf(request.query),
        q: request.query.q,
        page: 0,
        size: EXPORT_MAX,
      });
      const words = csvWords(request.query.lang);
      const csv = toCsv(
        [words.columns.name, words.columns.public],
        rows.map((row) => [row.naziv, yesNo(words, row.visibility)]),
      );
      return sendCsv(reply, 'performers', csv);
    },
  );

  app.get(
    '/api/admin/playlists/export',
    { schema: schema('The playlists list as CSV, a row per song in order: os and q as on the list.') },
    async (request, reply) => {
      const { rows } = await app.heavyReads.read('listPlaylists', request.user!, {
        ownership: ownershipOf(request.query),
        q: request.query.q,
        page: 0,
        size: EXPORT_MAX,
      });
      const entries = rows.length
        ? await app.heavyReads.read(
            'entriesOf',
            rows.map((row) => row.id),
            request.user!,
          )
        : [];
      const words = csvWords(request.query.lang);
      const lines = rows.flatMap((playlist) => {
        const songs = entries.filter((entry) => entry.playlist_id === playlist.id);
        const visible = yesNo(words, playlist.visibility);
        if (songs.length === 0) return [[playlist.naziv, visible, null, null, null]];
        return songs.map((song, i) => [playlist.naziv, visible, i + 1, song.naziv, song.performer]);
      });
      const column = words.columns;
      const header = [column.playlist, column.public, column.position, column.song, column.performer];
      return sendCsv(reply, 'playlists', toCsv(header, lines));
    },
  );

  app.get(
    '/api/admin/gigs/export',
    { schema: schema('The gigs list as CSV: q as on the list.') },
    async (request, reply) => {
      const { rows } = await app.heavyReads.read('listGigs', request.user!, {
        q: request.query.q,
        page: 0,
        size: EXPORT_MAX,
      });
      const words = csvWords(request.query.lang);
      const { gig, location, start, active, audience_link } = words.columns;
      const csv = toCsv(
        [gig, location, start, active, audience_link],
        rows.map((row) => [
          row.naziv,
          row.lokacija,
          // The band's wall-clock start as spreadsheets read a date and time ("2026-11-27 21:00").
          row.pocetak.replace('T', ' '),
          yesNo(words, row.status),
          `${publicUrl}/g/${row.token}`,
        ]),
      );
      return sendCsv(reply, 'gigs', csv);
    },
  );
};

export default exportRoutes;
