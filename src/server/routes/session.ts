import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createSession, deleteSession } from '../db/sessions.js';
import { findUserByEmail, toApiUser } from '../db/users.js';
import { say } from '../../shared/server-messages.js';
import { iso } from '../lib/clock.js';
import { ownTimeZone } from '../../shared/times.js';
import { LoginThrottle, type LoginLimits, type LoginVerdict } from '../services/auth/login-throttle.js';
import { verifyPassword } from '../services/auth/passwords.js';
import { ApiUserSchema, ErrorSchema, MessageCode } from './schemas.js';

const LoginBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 1024 }),
});

const LoginAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  ...MessageCode,
  data: Type.Optional(ApiUserSchema),
});

export interface SessionRoutesOptions {
  /** Shares the sign-in limits' counts between server processes (config.redisUrl). */
  redisUrl?: string;
  loginThrottle?: { limits?: Partial<LoginLimits>; redisPrefix?: string };
  /** The venues' time zone (config.timeZone), which the panel shows times in; this process's by default. */
  timeZone?: string;
}

/** The 429 answer: the account's wait in seconds (it is short), the other limits in minutes. */
function tooMany(verdict: Extract<LoginVerdict, { allowed: false }>) {
  const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
  if (verdict.limit === 'account')
    return { seconds, said: say('login_throttled_account', { smart_count: seconds }) };
  return { seconds, said: say('login_throttled', { smart_count: Math.ceil(seconds / 60) }) };
}

const sessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, options) => {
  const timeZone = options.timeZone ?? ownTimeZone();
  const throttle = new LoginThrottle({
    clock: app.clock,
    logger: app.log,
    limits: options.loginThrottle?.limits,
    ...(options.redisUrl
      ? { redisUrl: options.redisUrl, redisPrefix: options.loginThrottle?.redisPrefix, db: app.db }
      : { redisUrl: undefined }),
  });
  app.addHook('onReady', () => throttle.start());
  app.addHook('onClose', async () => throttle.close());

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
        return reply.code(422).send({ success: false, ...say('login_both_required') });
      }
      if (!email.includes('@')) {
        return reply.code(422).send({ success: false, ...say('login_invalid_email') });
      }
      // Counted as a failure from here on, until the password proves right.
      const verdict = await throttle.begin(email, request.ip);
      if (!verdict.allowed) {
        const { seconds, said } = tooMany(verdict);
        return reply
          .code(429)
          .header('retry-after', seconds)
          .send({ success: false, ...said });
      }
      const user = await findUserByEmail(app.db, email);
      if (!(await verifyPassword(user?.password_hash, password)) || !user) {
        return reply.code(401).send({ success: false, ...say('invalid_login') });
      }
      await throttle.succeed(email, request.ip);
      if (user.role !== 'admin' && (await app.settings.get()).maintenance_mode) {
        return reply.code(503).send({ success: false, ...say('maintenance') });
      }
      const token = await createSession(app.db, user.id, iso(app.clock()));
      request.log.info({ userId: user.id }, 'user signed in');
      return {
        success: true,
        ...say('signed_in'),
        data: { ...toApiUser(user, token), time_zone: timeZone },
      };
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
      return { success: true, ...say('signed_out') };
    },
  );

  app.get(
    '/api/user',
    {
      schema: { tags: ['session'], response: { 200: ApiUserSchema } },
    },
    async (request) => ({ ...toApiUser(request.user!), time_zone: timeZone }),
  );
};

export default sessionRoutes;
