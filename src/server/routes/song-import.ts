import { say } from '../../shared/server-messages.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { planImport } from '../db/song-import.js';
import { invalid } from '../errors.js';
import { WRITERS } from '../plugins/auth.js';
import { iso } from '../lib/clock.js';
import { parseCsv } from '../services/files/csv-read.js';
import { File, Form } from '../services/forms/fields.js';
import { bandOf } from '../services/forms/item-form.js';
import { NullableInteger, NullableString } from '../services/forms/list-query.js';
import { importRows } from '../services/forms/song-import-rows.js';
import { columnNamed } from '../services/forms/song-import-words.js';
import { Coded, MessageCode } from './schemas.js';
import { actorOf } from '../db/history.js';

/** The chord chart's column (issue 27), whose cells may be as long as a chart. */
const chartColumn = (header: string[]) => {
  const index = header.findIndex((name) => columnNamed(name) === 'akordi');
  return index < 0 ? undefined : index;
};

const Row = {
  line: Type.Integer(),
  title: Type.String(),
  performer: Type.String(),
  visible: Type.Boolean(),
  resursi: NullableString,
  // Issue 27; the chart is imported but not previewed (up to 100 kB a row).
  tonalitet: NullableString,
  tempo: NullableInteger,
  trajanje: NullableInteger,
};

const Preview = Type.Object({
  add: Type.Array(Type.Object({ ...Row, performer_id: Type.Union([Type.Integer(), Type.Null()]) })),
  /** Rows of a song the band already has. */
  duplicates: Type.Array(Type.Object({ ...Row, song_id: Type.Integer() })),
  /** Rows of a song an earlier row of the file adds (its line). */
  repeated: Type.Array(Type.Object({ ...Row, same_as_line: Type.Integer() })),
  new_performers: Type.Array(Type.String()),
  errors: Type.Array(
    Type.Object({
      line: Type.Integer(),
      reason: Type.String(),
      /** Each reason's code and values (shared/server-messages.ts), for the panel's language. */
      reasons: Type.Array(Coded),
    }),
  ),
});

const Imported = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  ...MessageCode,
  added: Type.Integer(),
  performers_created: Type.Integer(),
  skipped: Type.Integer(),
});

/** Songs from a CSV file (issue 14): a preview that writes nothing, then the import in one go. */
const songImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function readFile(request: FastifyRequest) {
    const file = request.formFiles?.file;
    if (!file) throw invalid({ file: [say('csv_choose_file')] });
    return importRows(await parseCsv(file, chartColumn));
  }

  const schema = (response: typeof Preview | typeof Imported, description: string) => ({
    tags: ['songs'],
    description,
    consumes: ['multipart/form-data'],
    body: Form({ file: File('The CSV file to import.') }),
    response: { 200: response },
  });

  app.post(
    '/api/admin/songs/import/preview',
    {
      config: { access: WRITERS },
      schema: schema(Preview, 'Multipart `file`: what importing it would do. Writes nothing.'),
    },
    async (request) => {
      const band = bandOf(request.user!);
      const { rows, bad } = await readFile(request);
      return { ...(await planImport(app.db, band, rows)), errors: bad };
    },
  );

  app.post(
    '/api/admin/songs/import',
    {
      config: { access: WRITERS },
      schema: schema(
        Imported,
        'Multipart `file`: adds the new songs and performers, all or nothing (in transactions of 500 songs, a failure undoing the earlier ones); ' +
          'duplicates, repeated rows and bad rows are skipped, as the preview showed.',
      ),
    },
    async (request) => {
      const band = bandOf(request.user!);
      const { rows, bad } = await readFile(request);
      const done = await app.heavyWrites.importSongs({
        rows,
        owner: { bandId: band, userId: request.user!.id, now: iso(app.clock()) },
        actor: actorOf(request.user!, app.clock()),
      });
      // The new rows' ids are not kept: an empty list says "some", which reloads the lists all the same.
      app.panelLive.changed(band, 'songs', []);
      if (done.performers_created) app.panelLive.changed(band, 'performers', []);
      return {
        success: true,
        ...say('songs_imported', { smart_count: done.added }),
        added: done.added,
        performers_created: done.performers_created,
        skipped: done.skipped + bad.length,
      };
    },
  );
};

export default songImportRoutes;
