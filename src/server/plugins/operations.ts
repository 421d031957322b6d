import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SystemSettings } from '../../shared/constants.js';
import type { Logging } from '../logging.js';
import { isPostgres } from '../db/locks.js';
import { backupNow, lastBackupAt } from '../services/ops/backup.js';
import { JobRunner } from '../services/ops/jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    logging: Logging;
    jobs: JobRunner;
    /** Applies saved settings to this process: log level and size, backup schedule. */
    applySettings(settings: SystemSettings): void;
  }
}

export interface OperationsOptions {
  dataDir: string;
  logging: Logging;
}

const HOUR_MS = 3_600_000;
// Another server process may save settings; each process picks them up within this time.
const SETTINGS_SYNC_MS = 60_000;
// The songs saved meanwhile are searched at most this long from unmerged index segments.
const SEARCH_INDEX_MS = 60_000;

/** Logging, background jobs and backups, kept in line with the system settings. */
async function operationsPlugin(app: FastifyInstance, { dataDir, logging }: OperationsOptions) {
  const jobs = new JobRunner(app.log);
  const backup = async () => {
    const folder = await backupNow({ dataDir, sqlite: app.sqlite, now: app.clock() });
    app.log.info({ context: 'backup', folder }, 'backup written');
  };

  function applySettings(settings: SystemSettings) {
    logging.setLevel(settings.log_level, app.log);
    logging.file.setMaxSize(settings.max_log_file_size);
    const everyMs = settings.auto_backup_enabled ? settings.backup_frequency * HOUR_MS : null;
    // Counted from the newest backup, so a server restarted more often than that still backs up.
    const newest = lastBackupAt(dataDir);
    jobs.schedule('backup', everyMs, backup, everyMs && newest ? newest + everyMs - Date.now() : undefined);
  }

  app.decorate('logging', logging);
  app.decorate('jobs', jobs);
  app.decorate('applySettings', applySettings);
  jobs.schedule('settings', SETTINGS_SYNC_MS, async () => applySettings(await app.settings.get()));
  if (!isPostgres(app.db))
    jobs.schedule('search-index', SEARCH_INDEX_MS, () => app.heavyWrites.mergeSearchIndexes());
  app.addHook('onReady', async () => applySettings(await app.settings.get()));
  app.addHook('onResponse', async (request, reply) => {
    if (!logging.logger.isLevelEnabled('debug')) return;
    request.log.debug(
      {
        context: 'http',
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: reply.elapsedTime,
      },
      'request completed',
    );
  });
  app.addHook('onClose', async () => jobs.stop());
}

export default fp(operationsPlugin, { name: 'operations', dependencies: ['database', 'settings', 'auth'] });
