import { say } from '../../shared/server-messages.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Role } from '../../shared/constants.js';
import type { Db } from '../db/connect.js';
import { bandKept, violatesUnique } from '../db/locks.js';
import {
  deleteUser,
  findListedUser,
  insertUser,
  listUsers,
  revokeSessions,
  updateUser,
  userForChange,
} from '../db/user-admin.js';
import { conflict, invalid, notFound } from '../errors.js';
import { iso } from '../lib/clock.js';
import { hashPassword } from '../services/auth/passwords.js';
import { itemFirst } from '../services/forms/item-form.js';
import { AddUser, BandId, RoleField, UpdateUser, userValues } from '../services/forms/user-form.js';
import { IdParams, NullableString } from '../services/forms/list-query.js';
import { ADMINS } from '../plugins/auth.js';
import { deleteRoutes } from './deletes.js';
import { MessageCode } from './schemas.js';
import { announceWrites } from './admin-changes.js';
import { unlessStale, VersionFields, versionOf } from './versions.js';
import { actorOf } from '../db/history.js';

const EMAIL_TAKEN = say('email_taken');
const NO_BAND = say('band_missing');

const ListedUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: Type.String(),
  band: Type.Union([Type.Integer(), Type.Null()]),
  band_naziv: NullableString,
  ...VersionFields,
});

const Answer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  ...MessageCode,
  data: Type.Optional(ListedUser),
});

type Listed = NonNullable<Awaited<ReturnType<typeof findListedUser>>>;
const present = (user: Listed) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  band: user.band_id,
  band_naziv: user.band_naziv,
  ...versionOf(user),
});

/** User management (spec §7 Users): system admins only. */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  announceWrites(app, 'users');
  async function existing(id: number) {
    const user = await findListedUser(app.db, id);
    if (!user) throw notFound(say('user_not_found'));
    return user;
  }

  /**
   * Reads the user inside the change's transaction, with the admins' rows locked, and applies the
   * rule that the last system admin keeps the role (otherwise nobody could manage Encore any more).
   * `nextRole` null means the user is to be deleted.
   */
  async function userToChange(trx: Db, id: number, nextRole: string | null) {
    const user = await userForChange(trx, id);
    if (!user) throw notFound(say('user_not_found'));
    if (user.role === 'admin' && nextRole !== 'admin' && user.admins <= 1) {
      throw conflict(say(nextRole === null ? 'last_admin_deleted' : 'last_admin_demoted'));
    }
    return user;
  }

  /** The band a user is put in must still exist when the change is written. */
  async function keepBand(trx: Db, bandId: number | null) {
    if (bandId !== null && !(await bandKept(trx, bandId))) throw invalid({ band_id: [NO_BAND] });
  }

  /** One transaction for a check and its write; an e-mail taken meanwhile by another request (the
   *  unique index decides) is the same 422 as one taken before. */
  async function inTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await app.db.transaction().execute(work);
    } catch (error) {
      if (violatesUnique(error, 'users', 'email')) throw invalid({ email: [EMAIL_TAKEN] });
      throw error;
    }
  }

  app.get(
    '/api/admin/users',
    {
      config: { access: ADMINS },
      schema: { tags: ['users'], response: { 200: Type.Object({ data: Type.Array(ListedUser) }) } },
    },
    async () => ({ data: (await listUsers(app.db)).map(present) }),
  );

  app.post(
    '/api/admin/adduser',
    { config: { access: ADMINS }, schema: { tags: ['users'], body: AddUser, response: { 200: Answer } } },
    async (request) => {
      const values = userValues(request.body);
      const passwordHash = await hashPassword(values.password);
      const now = iso(app.clock());
      const row = await inTransaction(async (trx) => {
        await keepBand(trx, values.band_id);
        const { name, email, role, band_id } = values;
        return insertUser(
          trx,
          { name, email, role, band_id, password_hash: passwordHash },
          now,
          actorOf(request.user!, app.clock()),
        );
      });
      return { success: true, ...say('user_added'), data: present(await existing(row.id)) };
    },
  );

  app.post(
    '/api/admin/user/:id/update',
    {
      config: { access: ADMINS },
      attachValidation: true,
      schema: { tags: ['users'], params: IdParams, body: UpdateUser, response: { 200: Answer } },
    },
    async (request) => {
      const user = await itemFirst(request, () => existing(request.params.id));
      const values = userValues(request.body);
      // Hashed before the transaction, which should hold its locks for no longer than its queries.
      const passwordHash = values.password ? await hashPassword(values.password) : undefined;
      const save = { ...actorOf(request.user!, app.clock()), version: request.body.version };
      await unlessStale(
        () =>
          inTransaction(async (trx) => {
            await userToChange(trx, user.id, values.role);
            await keepBand(trx, values.band_id);
            const { name, email, role, band_id } = values;
            const changes = {
              name,
              email,
              role,
              band_id,
              ...(passwordHash ? { password_hash: passwordHash } : {}),
            };
            await updateUser(trx, user.id, changes, save);
          }),
        async () => present(await existing(user.id)),
        say('user_not_found'),
      );
      // A new password signs the user out everywhere else.
      if (values.password) await revokeSessions(app.db, user.id, request.sessionId);
      return { success: true, ...say('user_updated'), data: present(await existing(user.id)) };
    },
  );

  app.post(
    '/api/admin/users/:id/role',
    {
      config: { access: ADMINS },
      attachValidation: true,
      schema: {
        tags: ['users'],
        params: IdParams,
        body: Type.Object({ role: RoleField }),
        response: { 200: Answer },
      },
    },
    async (request) => {
      const user = await itemFirst(request, () => existing(request.params.id));
      const role = request.body.role.trim() as Role;
      await inTransaction(async (trx) => {
        await userToChange(trx, user.id, role);
        await updateUser(trx, user.id, { role }, actorOf(request.user!, app.clock()));
      });
      return { success: true, ...say('role_updated'), data: present(await existing(user.id)) };
    },
  );

  app.post(
    '/api/admin/users/:id/band',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['users'],
        params: IdParams,
        body: Type.Object({ band_id: BandId }),
        response: { 200: Answer },
      },
    },
    async (request) => {
      const user = await existing(request.params.id);
      const bandId = request.body.band_id ?? null;
      await inTransaction(async (trx) => {
        const current = await userForChange(trx, user.id);
        if (!current) throw notFound(say('user_not_found'));
        await keepBand(trx, bandId);
        await updateUser(trx, user.id, { band_id: bandId }, actorOf(request.user!, app.clock()));
      });
      return { success: true, ...say('user_band_updated'), data: present(await existing(user.id)) };
    },
  );

  deleteRoutes(app, '/api/admin/user/:id/delete', {
    access: ADMINS,
    schema: { tags: ['users'], response: { 200: Answer } },
    run: async (request, id) => {
      await inTransaction(async (trx) => {
        const user = await userToChange(trx, id, null);
        // Sessions go with the user (foreign key cascade); their songs and gigs stay with the band.
        await deleteUser(trx, user.id, actorOf(request.user!, app.clock()));
      });
      return { success: true, ...say('user_deleted') };
    },
  });
};

export default userRoutes;
