import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { LISTEN_BACKLOG } from '../shared/constants.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} received, shutting down`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const database = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  const lines = [
    ``,
    `Encore is running (${database}).`,
    `Open ${config.publicUrl}/admin/`,
    `Gig links and QR codes point at ${config.publicUrl} (set PUBLIC_URL to change it).`,
  ];
  if (app.firstAdmin?.generatedPassword) {
    lines.push(
      `First system admin: ${app.firstAdmin.email} / ${app.firstAdmin.generatedPassword}`,
      'This password is shown only once: sign in and change it.',
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
