import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dashboardFor } from '../db/dashboard.js';

const Count = Type.Integer({ minimum: 0 });

const DashboardSchema = Type.Object({
  total_songs: Count,
  total_performers: Count,
  total_playlists: Count,
  total_gigs: Count,
  total_bands: Count,
  total_users: Count,
  recent_songs: Type.Array(
    Type.Object({
      id: Type.Integer(),
      naziv: Type.String(),
      performer: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  users_by_role: Type.Object({ admin: Count, band_admin: Count, viewer: Count }),
});

const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/dashboard',
    {
      schema: { tags: ['session'], response: { 200: Type.Object({ data: DashboardSchema }) } },
    },
    async (request) => ({ data: await dashboardFor(app.db, request.user!) }),
  );
};

export default dashboardRoutes;
