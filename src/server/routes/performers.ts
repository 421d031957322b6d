import { say } from '../../shared/server-messages.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { deletePerformer, findPerformer, performerOptions, updatePerformer } from '../db/performers.js';
import { owns } from '../lib/access.js';
import { uploadUrl } from '../lib/upload-url.js';
import { NamedItemUpdate } from '../services/forms/item-form.js';
import {
  IdParams,
  ListAnswer,
  listAnswer,
  ListQuery,
  NullableString,
  ownershipOf,
} from '../services/forms/list-query.js';
import { namedItemRoutes } from './named-items.js';
import { MessageCode } from './schemas.js';
import { VersionFields, versionOf } from './versions.js';
import { actorOf } from '../db/history.js';

const Performer = Type.Object({
  id: Type.Integer(),
  naziv: Type.String(),
  slika: NullableString,
  owned: Type.Boolean(),
  visibility: Type.Boolean(),
  ...VersionFields,
});

const Option = Type.Object({ id: Type.Integer(), naziv: Type.String() });

type Row = {
  id: number;
  naziv: string;
  slika: string | null;
  band_id: number;
  visibility: number;
} & Parameters<typeof versionOf>[0];

const performerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const present = (request: FastifyRequest, row: Row) => ({
    id: row.id,
    naziv: row.naziv,
    slika: uploadUrl(row.slika),
    owned: owns(request.user!, row),
    visibility: row.visibility === 1,
    ...versionOf(row),
  });

  const { readable } = namedItemRoutes(app, {
    table: 'performers',
    name: 'performer',
    find: (id) => findPerformer(app.db, id),
    update: {
      body: NamedItemUpdate,
      response: Performer,
      write: (_request, row, values, _body, save) => updatePerformer(app.db, row.id, values, save),
      answer: present,
    },
    remove: {
      querystring: Type.Object({}),
      response: Type.Object({
        error: Type.Boolean(),
        message: Type.String(),
        ...MessageCode,
        affected_songs: Type.Integer(),
        deleted_performer: Type.Object({ id: Type.Integer(), naziv: Type.String(), slika: NullableString }),
      }),
      run: async (request, row) => ({
        error: false,
        ...say('performer_deleted', { name: row.naziv }),
        affected_songs: await deletePerformer(app.db, row.id, actorOf(request.user!, app.clock())),
        deleted_performer: { id: row.id, naziv: row.naziv, slika: uploadUrl(row.slika) },
      }),
    },
  });

  app.get(
    '/api/admin/performers',
    {
      schema: {
        tags: ['performers'],
        description: 'With pg: a page of the list. Without pg: every performer a song may name (id, naziv).',
        querystring: ListQuery,
        response: {
          200: Type.Union([ListAnswer(Performer), Type.Array(Option)]),
        },
      },
    },
    async (request, reply) => {
      const { q = '', pg } = request.query;
      const ownership = ownershipOf(request.query);
      return app.listCache.send(
        reply,
        request.user!,
        ['performers'],
        `${ownership}:${pg ?? 'options'}:${q}`,
        async (memo, memoScope) => {
          if (pg === undefined) return performerOptions(app.db, request.user!, q);
          const options = { ownership, q, page: pg };
          const page = await app.heavyReads.list(
            'performers',
            { user: request.user!, options, memoScope },
            memo,
          );
          return listAnswer(
            page.rows.map((row) => present(request, row)),
            page,
          );
        },
      );
    },
  );

  app.get(
    '/api/admin/performer/:id',
    {
      schema: { tags: ['performers'], params: IdParams, response: { 200: Performer } },
    },
    async (request) => present(request, await readable(request, request.params.id)),
  );
};

export default performerRoutes;
