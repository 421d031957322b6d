import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createSession, deleteSession } from '../db/sessions.js';
import { findUserByEmail, toApiUser } from '../db/users.js';
import { MAINTENANCE_MESSAGE } from '../errors.js';
import { iso } from '../services/clock.js';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from '../services/counter-store.js';
import { LoginThrottle } from '../services/login-throttle.js';
import { verifyPassword } from '../services/passwords.js';
import { ApiUserSchema, ErrorSchema } from './schemas.js';

const LoginBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 1024 }),
});

const LoginAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  data: Type.Optional(ApiUserSchema),
});

export interface SessionOptions {
  /** Share the failed sign-in counts between server processes (REDIS_URL). */
  redisUrl?: string;
  /** Prefix of the counters' Redis keys (tests use their own). */
  redisPrefix?: string;
}

const sessionRoutes: FastifyPluginAsyncTypebox<SessionOptions> = async (app, options) => {
  const memory = new MemoryCounterStore(app.clock);
  let counters: CounterStore = memory;
  if (options.redisUrl) {
    const redis = new RedisCounterStore(
      options.redisUrl,
      options.redisPrefix ?? 'encore:login:',
      memory,
      app.log,
    );
    await redis.connect();
    app.addHook('onClose', async () => redis.close());
    counters = redis;
  }
  const throttle = new LoginThrottle(counters);

  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        body: LoginBody,
        response: {
          200: LoginAnswer,
          401: LoginAnswer,
          422: ErrorSchema,
          429: LoginAnswer,
          503: LoginAnswer,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      if (!email.trim() || !password) {
        return reply.code(422).send({ success: false, message: 'Email i lozinka su obavezni.' });
      }
      if (!email.includes('@')) {
        return reply.code(422).send({ success: false, message: 'Unesite ispravnu email adresu.' });
      }
      const refusal = await throttle.refusal(email, request.ip);
      if (refusal) return reply.code(429).send({ success: false, message: refusal });
      const user = await findUserByEmail(app.db, email);
      if (!(await verifyPassword(user?.password_hash, password)) || !user) {
        await throttle.fail(email, request.ip);
        return reply.code(401).send({ success: false, message: 'Invalid email or password.' });
      }
      await throttle.succeed(email, request.ip);
      if (user.role !== 'admin' && (await app.settings.get()).maintenance_mode) {
        return reply.code(503).send({ success: false, message: MAINTENANCE_MESSAGE });
      }
      const token = await createSession(app.db, user.id, iso(app.clock()));
      request.log.info({ userId: user.id }, 'user signed in');
      return { success: true, message: 'Signed in.', data: toApiUser(user, token) };
    },
  );

  app.post(
    '/api/logout',
    {
      schema: { tags: ['session'], response: { 200: LoginAnswer } },
    },
    async (request) => {
      app.sessionUses.forget(request.sessionId!);
      await deleteSession(app.db, request.sessionId!);
      return { success: true, message: 'Signed out.' };
    },
  );

  app.get(
    '/api/user',
    {
      schema: { tags: ['session'], response: { 200: ApiUserSchema } },
    },
    async (request) => toApiUser(request.user!),
  );
};

export default sessionRoutes;
