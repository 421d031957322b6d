import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ROLES, type Role } from '../../shared/constants.js';
import type { Db } from '../db/connect.js';
import { bandKept, violatesUnique } from '../db/locks.js';
import {
  bandExists,
  emailTaken,
  findListedUser,
  listUsers,
  revokeSessions,
  userForChange,
} from '../db/user-admin.js';
import { conflict, invalid, notFound } from '../errors.js';
import { iso } from '../lib/clock.js';
import { hashPassword } from '../services/auth/passwords.js';
import { FormErrors } from '../services/forms/item-form.js';
import { IdParams, NullableString } from '../services/forms/list-query.js';
import { ADMINS } from '../plugins/auth.js';

const MIN_PASSWORD = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_TAKEN = 'The email has already been taken.';
const NO_BAND = 'The band does not exist.';

const ListedUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: Type.String(),
  band: Type.Union([Type.Integer(), Type.Null()]),
  band_naziv: NullableString,
});

const Answer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  data: Type.Optional(ListedUser),
});

const BandId = Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]));

const UserBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  role: Type.Optional(Type.String({ maxLength: 20 })),
  band_id: BandId,
});

type Listed = NonNullable<Awaited<ReturnType<typeof findListedUser>>>;
const present = (user: Listed) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  band: user.band_id,
  band_naziv: user.band_naziv,
});

/** User management (spec §7 Users): system admins only. */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function existing(id: number) {
    const user = await findListedUser(app.db, id);
    if (!user) throw notFound('User not found.');
    return user;
  }

  /**
   * Reads the user inside the change's transaction, with the admins' rows locked, and applies the
   * rule that the last system admin keeps the role (otherwise nobody could manage Encore any more).
   * `nextRole` null means the user is to be deleted.
   */
  async function userToChange(trx: Db, id: number, nextRole: string | null) {
    const user = await userForChange(trx, id);
    if (!user) throw notFound('User not found.');
    if (user.role === 'admin' && nextRole !== 'admin' && user.admins <= 1) {
      throw conflict(
        nextRole === null
          ? 'The last system admin cannot be deleted.'
          : 'The last system admin cannot be demoted.',
      );
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

  /** Spec §5 Add User / Edit User, checked on the server; a blank password keeps the current one. */
  async function validated(body: typeof UserBody.static, id?: number) {
    const errors = new FormErrors();
    const name = (body.name ?? '').trim();
    const email = (body.email ?? '').trim().toLowerCase();
    const password = body.password ?? '';
    const role = (body.role ?? 'viewer').trim();
    if (!name) errors.add('name', 'The name field is required.');
    if (!email) errors.add('email', 'The email field is required.');
    else if (!EMAIL.test(email)) errors.add('email', 'The email must be a valid email address.');
    else if (await emailTaken(app.db, email, id)) errors.add('email', EMAIL_TAKEN);
    if (!password && id === undefined) errors.add('password', 'The password field is required.');
    else if (password && password.length < MIN_PASSWORD) {
      errors.add('password', `The password must be at least ${MIN_PASSWORD} characters.`);
    }
    if (!(ROLES as readonly string[]).includes(role))
      errors.add('role', 'The role must be viewer, band_admin or admin.');
    const bandId = body.band_id ?? null;
    if (bandId !== null && !(await bandExists(app.db, bandId))) errors.add('band_id', NO_BAND);
    errors.throwIfAny();
    return { name, email, password, role: role as Role, band_id: bandId };
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
    { config: { access: ADMINS }, schema: { tags: ['users'], body: UserBody, response: { 200: Answer } } },
    async (request) => {
      const values = await validated(request.body);
      const passwordHash = await hashPassword(values.password);
      const now = iso(app.clock());
      const row = await inTransaction(async (trx) => {
        await keepBand(trx, values.band_id);
        return trx
          .insertInto('users')
          .values({
            name: values.name,
            email: values.email,
            password_hash: passwordHash,
            role: values.role,
            band_id: values.band_id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      });
      return { success: true, message: 'User added successfully!', data: present(await existing(row.id)) };
    },
  );

  app.post(
    '/api/admin/user/:id/update',
    {
      config: { access: ADMINS },
      schema: { tags: ['users'], params: IdParams, body: UserBody, response: { 200: Answer } },
    },
    async (request) => {
      const user = await existing(request.params.id);
      const values = await validated(request.body, user.id);
      // Hashed before the transaction, which should hold its locks for no longer than its queries.
      const passwordHash = values.password ? await hashPassword(values.password) : undefined;
      await inTransaction(async (trx) => {
        await userToChange(trx, user.id, values.role);
        await keepBand(trx, values.band_id);
        await trx
          .updateTable('users')
          .set({
            name: values.name,
            email: values.email,
            role: values.role,
            band_id: values.band_id,
            updated_at: iso(app.clock()),
            ...(passwordHash ? { password_hash: passwordHash } : {}),
          })
          .where('id', '=', user.id)
          .execute();
      });
      // A new password signs the user out everywhere else.
      if (values.password) await revokeSessions(app.db, user.id, request.sessionId);
      return { success: true, message: 'User updated successfully!', data: present(await existing(user.id)) };
    },
  );

  app.post(
    '/api/admin/users/:id/role',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['users'],
        params: IdParams,
        body: Type.Object({ role: Type.String({ maxLength: 20 }) }),
        response: { 200: Answer },
      },
    },
    async (request) => {
      const user = await existing(request.params.id);
      const { role } = request.body;
      if (!(ROLES as readonly string[]).includes(role)) {
        const errors = new FormErrors();
        errors.add('role', 'The role must be viewer, band_admin or admin.');
        errors.throwIfAny();
      }
      await inTransaction(async (trx) => {
        await userToChange(trx, user.id, role);
        await trx
          .updateTable('users')
          .set({ role, updated_at: iso(app.clock()) })
          .where('id', '=', user.id)
          .execute();
      });
      return { success: true, message: 'Role updated.', data: present(await existing(user.id)) };
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
        if (!current) throw notFound('User not found.');
        await keepBand(trx, bandId);
        await trx
          .updateTable('users')
          .set({ band_id: bandId, updated_at: iso(app.clock()) })
          .where('id', '=', user.id)
          .execute();
      });
      return { success: true, message: 'Band updated.', data: present(await existing(user.id)) };
    },
  );

  for (const method of ['GET', 'POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/admin/user/:id/delete',
      config: { access: ADMINS },
      schema: { tags: ['users'], params: IdParams, response: { 200: Answer }, hide: method !== 'GET' },
      handler: async (request: FastifyRequest<{ Params: { id: number } }>) => {
        await inTransaction(async (trx) => {
          const user = await userToChange(trx, request.params.id, null);
          // Sessions go with the user (foreign key cascade); their songs and gigs stay with the band.
          await trx.deleteFrom('users').where('id', '=', user.id).execute();
        });
        return { success: true, message: 'User deleted successfully!' };
      },
    });
  }
};

export default userRoutes;
