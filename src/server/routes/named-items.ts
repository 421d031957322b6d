import { say } from '../../shared/server-messages.js';
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { insertNamedItem, type NamedItemTable } from '../db/named-items.js';
import { canRead, canWrite } from '../lib/access.js';
import { iso } from '../lib/clock.js';
import { forbidden, notFound } from '../errors.js';
import { PICTURE } from '../services/files/file-kinds.js';
import { on } from '../services/forms/fields.js';
import {
  bandOf,
  itemFirst,
  NamedItemForm,
  NamedItemUpdate,
  withStoredFiles,
} from '../services/forms/item-form.js';
import { IdParams } from '../services/forms/list-query.js';
import { WRITERS } from '../plugins/auth.js';
import { deleteRoutes } from './deletes.js';
import type { SaveBy } from '../db/versions.js';
import { unlessStale } from './versions.js';
import { actorOf } from '../db/history.js';

/** What performers and playlists share: a band, a name, a picture and a visibility. */
interface NamedItem {
  id: number;
  naziv: string;
  slika: string | null;
  band_id: number;
  visibility: number;
}

export interface NamedItemValues {
  naziv: string;
  slika: string | null;
  visibility: number;
}

type UpdateBody = typeof NamedItemUpdate;

export interface NamedItemOptions<
  Row extends NamedItem,
  Body extends UpdateBody,
  Item extends TSchema,
  Query extends TObject,
  Deleted extends TSchema,
> {
  table: NamedItemTable;
  /** The paths' word: /api/admin/add<name>, /api/admin/<name>/:id/update and .../delete. */
  name: 'performer' | 'playlist';
  find(id: number): Promise<Row | undefined>;
  update: {
    body: Body;
    description?: string;
    response: Item;
    /**
     * Writes the new values (and whatever else the form carries) over the version the save names
     * (db/versions.ts); a failure removes the new picture.
     */
    write(
      request: FastifyRequest,
      row: Row,
      values: NamedItemValues,
      body: Static<Body>,
      save: SaveBy,
    ): Promise<void>;
    /** The item as it is now, read again (after a save, or when a save was refused as stale). */
    answer(request: FastifyRequest, row: Row): Promise<Static<Item>> | Static<Item>;
  };
  remove: {
    description?: string;
    querystring: Query;
    response: Deleted;
    /** Deletes the item (kept 30 days, with its picture) and answers (spec §7's fields). */
    run(request: FastifyRequest<{ Querystring: Static<Query> }>, row: Row): Promise<Static<Deleted>>;
  };
}

/**
 * The read and write checks of a band's item (song, performer, playlist): others see it only while
 * it is public (404 otherwise), and only the band that owns it may change it (403).
 */
export function itemChecks<Row extends { band_id: number; visibility: number }>(
  name: 'song' | 'performer' | 'playlist',
  find: (id: number) => Promise<Row | undefined>,
) {
  async function readable(request: FastifyRequest, id: number) {
    const row = await find(id);
    if (!row || !canRead(request.user!, row)) throw notFound(say(`${name}_not_found`));
    return row;
  }

  async function writable(request: FastifyRequest, id: number) {
    const row = await readable(request, id);
    if (!canWrite(request.user!, row)) throw forbidden(say(`${name}_not_yours`));
    return row;
  }

  return { readable, writable };
}

/**
 * The add, update and delete routes of a named item (spec §7), one way for performers and
 * playlists: only the band that owns an item may change it, others see it only while it is public.
 * Answers the item's read checks for the item's other routes.
 */
export function namedItemRoutes<
  Row extends NamedItem,
  Body extends UpdateBody,
  Item extends TSchema,
  Query extends TObject,
  Deleted extends TSchema,
>(app: FastifyInstance, options: NamedItemOptions<Row, Body, Item, Query, Deleted>) {
  const { name, table } = options;
  const tags = [table];
  const { readable, writable } = itemChecks(name, options.find);

  app.post(
    `/api/admin/add${name}`,
    {
      config: { access: WRITERS },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        body: NamedItemForm,
        response: { 200: Type.Object({ id: Type.Integer() }) },
      },
    },
    async (request) => {
      const body = request.body as Static<typeof NamedItemForm>;
      const band = bandOf(request.user!);
      const id = await withStoredFiles(app, request, { picture: PICTURE }, (stored) =>
        insertNamedItem(
          app.db,
          table,
          {
            band_id: band,
            created_by: request.user!.id,
            naziv: body.title,
            slika: stored.picture ?? null,
            visibility: on(body.visible),
            now: iso(app.clock()),
          },
          actorOf(request.user!, app.clock()),
        ),
      );
      app.panelLive.changed(band, table, [id]);
      return { id };
    },
  );

  // Typed as any schema: the handler is written for every named item, its answer by `options`.
  const updateSchema: FastifySchema = {
    tags,
    description: options.update.description,
    consumes: ['multipart/form-data'],
    params: IdParams,
    body: options.update.body,
    response: { 200: options.update.response },
  };

  app.post(
    `/api/admin/${name}/:id/update`,
    {
      config: { access: WRITERS },
      attachValidation: true,
      schema: updateSchema,
    },
    async (request) => {
      const { id } = request.params as Static<typeof IdParams>;
      const row = await itemFirst(request, () => writable(request, id));
      const body = request.body as Static<Body>;
      const values = { naziv: body.title, slika: row.slika, visibility: on(body.visible) };
      const save = { ...actorOf(request.user!, app.clock()), version: body.version };
      values.slika = await unlessStale(
        () =>
          withStoredFiles(app, request, { picture: PICTURE }, async (stored) => {
            const slika = stored.picture ?? (on(body.remove_picture) ? null : row.slika);
            await options.update.write(request, row, { ...values, slika }, body, save);
            return slika;
          }),
        async () => (await options.update.answer(request, await readable(request, id))) as object,
        say(`${name}_not_found`),
      );
      if (values.slika !== row.slika) await app.uploads.remove(row.slika);
      app.panelLive.changed(row.band_id, table, [row.id]);
      return options.update.answer(request, await readable(request, id));
    },
  );

  deleteRoutes(app, `/api/admin/${name}/:id/delete`, {
    access: WRITERS,
    schema: {
      tags,
      description: options.remove.description,
      querystring: options.remove.querystring,
      response: { 200: options.remove.response },
    },
    run: async (request, id) => {
      const row = await writable(request, id);
      // Its picture stays while it may be restored (30 days; the trash purge removes it).
      const answer = await options.remove.run(request as FastifyRequest<{ Querystring: Static<Query> }>, row);
      app.panelLive.changed(row.band_id, table, [row.id]);
      return answer;
    },
  });

  return { readable, writable };
}
