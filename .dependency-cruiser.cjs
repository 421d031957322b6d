/**
 * The server's layers point one way (docs/architecture.md):
 *   app, main → routes, live → plugins → services → db → lib
 * and everything may use src/shared, errors.ts and logging.ts. A wrong-way import fails `npm run lint`.
 */
const server = '^src/server/';
const forbidWrongWay = (name, from, to, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one: neither can be read, tested or moved alone.',
      severity: 'error',
      from: { path: server },
      to: { circular: true },
    },
    forbidWrongWay(
      'lib-is-a-leaf',
      `${server}lib/`,
      `${server}(?!lib/)`,
      'lib/ holds leaves (clock, tokens, access levels, upload URLs): they import nothing of the server.',
    ),
    forbidWrongWay(
      'db-imports-no-service',
      `${server}db/`,
      `${server}(services|live|plugins|routes|demo|app|main|config)`,
      'Repositories know the database only: what they need of a cache or a rule is passed in.',
    ),
    forbidWrongWay(
      'services-below-the-web',
      `${server}services/`,
      `${server}(live|plugins|routes|demo|app|main)`,
      'Services know nothing of HTTP routes or Fastify plugins.',
    ),
    forbidWrongWay(
      'plugins-below-the-routes',
      `${server}plugins/`,
      `${server}(live|routes|demo|app|main)`,
      'Plugins decorate the app for the routes; they do not reach into them.',
    ),
    forbidWrongWay(
      'routes-are-leaves-of-the-app',
      `${server}(?!app\\.ts|routes/)`,
      `${server}routes/`,
      'Only app.ts registers routes.',
    ),
    forbidWrongWay(
      'live-is-entered-through-its-plugin',
      `${server}(?!live/|app\\.ts)`,
      `${server}live/`,
      'The live channel is one folder: the rest of the server reaches it through app.live only.',
    ),
    forbidWrongWay(
      'service-folders-in-order',
      `${server}services/(files|cache)/`,
      `${server}services/(auth|forms|ops)/`,
      'Within services/: files and caches use no other concern; auth and forms may use them.',
    ),
    forbidWrongWay(
      'shared-is-shared',
      '^src/shared/',
      '^src/(server|client)/',
      'src/shared/ is used by the panel and the server alike, so it imports neither.',
    ),
    forbidWrongWay(
      'panel-is-not-the-server',
      '^src/client/',
      '^src/server/',
      'The panel talks to the server over HTTP only.',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
