import { say } from '../../shared/server-messages.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LOG_LEVELS, type SystemSettings } from '../../shared/constants.js';
import { checkDatabase, checkRedis } from '../services/ops/system-status.js';
import { SettingsForm, settingsFromForm, settingsValidator } from '../services/forms/settings-form.js';
import { ADMINS } from '../plugins/auth.js';
import { MessageCode } from './schemas.js';

const Component = Type.Object({
  status: Type.Union(['healthy', 'warning', 'error', 'unknown'].map((s) => Type.Literal(s))),
  message: Type.String(),
  /** The message's code and values, for the panel to say it in the reader's language. */
  code: Type.Optional(Type.String()),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  lastCheck: Type.String(),
});

const Settings = Type.Object({
  websocket_port: Type.Integer(),
  websocket_host: Type.String(),
  max_concurrent_connections: Type.Integer(),
  session_timeout: Type.Integer(),
  auto_backup_enabled: Type.Boolean(),
  backup_frequency: Type.Integer(),
  log_level: Type.Union(LOG_LEVELS.map((level) => Type.Literal(level))),
  max_log_file_size: Type.Integer(),
  enable_notifications: Type.Boolean(),
  maintenance_mode: Type.Boolean(),
});

const Done = Type.Object({ success: Type.Boolean(), message: Type.String(), ...MessageCode });
const LOG_LIMIT = 500;

/** System operations (spec §7 System): status, live server restart, logs and settings; admins only. */
const systemRoutes: FastifyPluginAsyncTypebox<{ redisUrl?: string; livePort?: number }> = async (
  app,
  { redisUrl, livePort },
) => {
  app.get(
    '/api/admin/system-status',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['system'],
        response: {
          200: Type.Object({
            status: Type.Object({
              websocket: Component,
              database: Component,
              redis: Component,
              messageQueue: Component,
            }),
            websocket_stats: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()])),
          }),
        },
      },
    },
    async () => {
      const [database, redis] = await Promise.all([checkDatabase(app.db, app.dialect), checkRedis(redisUrl)]);
      const lastCheck = new Date().toISOString();
      return {
        status: {
          websocket: { ...app.live.health(), lastCheck },
          database: { ...database, lastCheck },
          redis: { ...redis, lastCheck },
          messageQueue: { ...app.jobs.health(), lastCheck },
        },
        websocket_stats: app.live.stats(),
      };
    },
  );

  app.post(
    '/api/admin/restart-websocket',
    { config: { access: ADMINS }, schema: { tags: ['system'], response: { 200: Done } } },
    async (request) => {
      request.log.info({ context: 'websocket', by: request.user!.email }, 'live server restart requested');
      await app.live.restart();
      return { success: true, ...say('websocket_restarted') };
    },
  );

  app.get(
    '/api/admin/system-logs',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['system'],
        querystring: Type.Object({
          type: Type.Optional(
            Type.Union([
              Type.Literal('all'),
              Type.Literal('error'),
              Type.Literal('warning'),
              Type.Literal('info'),
            ]),
          ),
        }),
        response: {
          200: Type.Object({
            logs: Type.Array(
              Type.Object({
                level: Type.String(),
                timestamp: Type.String(),
                message: Type.String(),
                context: Type.Union([Type.String(), Type.Null()]),
                extra: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ logs: app.logging.file.read(request.query.type ?? 'all', LOG_LIMIT) }),
  );

  app.post(
    '/api/admin/clear-logs',
    { config: { access: ADMINS }, schema: { tags: ['system'], response: { 200: Done } } },
    async (request) => {
      app.logging.file.clear();
      request.log.info({ context: 'logs', by: request.user!.email }, 'logs cleared');
      return { success: true, ...say('logs_cleared') };
    },
  );

  app.get(
    '/api/admin/system-settings',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['system'],
        response: {
          200: Type.Object({
            settings: Settings,
            defaults: Type.Object(Settings.properties, {
              description: 'What each setting is while none is saved (websocket_port: PORT+1).',
            }),
            live_port: Type.Union([Type.Integer(), Type.Null()], {
              description:
                'LIVE_PORT when the server has it: the live server port then, not websocket_port (0: /ws only).',
            }),
          }),
        },
      },
    },
    async () => ({
      settings: await app.settings.get(),
      defaults: app.settings.defaults,
      live_port: livePort ?? null,
    }),
  );

  app.post(
    '/api/admin/system-settings',
    {
      config: { access: ADMINS },
      preValidation: async (request) => {
        request.body = settingsFromForm(request.body) as typeof request.body;
      },
      validatorCompiler: settingsValidator,
      schema: {
        tags: ['system'],
        description: 'Body {settings: {...}} (or the settings themselves); fields left out keep their value.',
        body: SettingsForm,
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            message: Type.String(),
            ...MessageCode,
            settings: Settings,
          }),
        },
      },
    },
    async (request) => {
      const values = request.body as Partial<SystemSettings>;
      const settings: SystemSettings = await app.settings.save(values);
      app.applySettings(settings);
      request.log.info(
        { context: 'settings', by: request.user!.email, changed: Object.keys(values) },
        'system settings saved',
      );
      return { success: true, ...say('settings_saved'), settings };
    },
  );
};

export default systemRoutes;
