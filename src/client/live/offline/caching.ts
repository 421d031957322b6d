import type { VitePWAOptions } from 'vite-plugin-pwa';

type Rules = NonNullable<VitePWAOptions['workbox']['runtimeCaching']>;

/**
 * What the service worker keeps on the device (issue 27, point 5), by URL: the band page and the
 * audience page, the code they load, the song files, and the gig's answers those two pages read.
 * Nothing else: the admin panel's pages and API answers pass through untouched (no rule matches them),
 * and POSTs are never cached (a rule matches GET only).
 *
 * Pages and API answers are network-first: online, every answer is the server's current one (so no
 * test and no tablet ever runs a stale build or reads a stale queue); the cached copy is used only
 * when the network fails or hangs. Built files under /assets/ carry a content hash and uploads get a
 * new random name when replaced, so both are cache-first.
 *
 * Each urlPattern is copied into the generated sw.js as its source text: it may use nothing from
 * outside itself. Exported for vite.config.ts and for the test of which URLs each rule takes.
 */
export const offlineCaching: Rules = [
  {
    // /band/<token> (the panel's index.html) and /g/<token> (audience.html).
    urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/(band|g)\/[^/]+\/?$/.test(url.pathname),
    handler: 'NetworkFirst',
    options: {
      cacheName: 'encore-pages',
      networkTimeoutSeconds: 8,
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 20 },
    },
  },
  {
    // The panel's API calls fetch the CSRF cookie first; offline, the band page's reads still go on
    // (a cached answer sets no cookie; the one the browser holds stays).
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/sanctum/csrf-cookie',
    handler: 'NetworkFirst',
    options: {
      cacheName: 'encore-pages',
      networkTimeoutSeconds: 8,
      cacheableResponse: { statuses: [200, 204] },
    },
  },
  {
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
    handler: 'CacheFirst',
    options: {
      cacheName: 'encore-assets',
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 300, purgeOnQuotaError: true },
    },
  },
  {
    // The songs' files (PDFs, images, text) the stage view shows.
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
    handler: 'CacheFirst',
    options: {
      cacheName: 'encore-files',
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 1000, purgeOnQuotaError: true },
    },
  },
  {
    // The band page's reads of its gig: the queue, the set, each song's chart and key, the
    // messages (GET /api/admin/live/<token>/…). The signed-in band's own data, kept on its tablet;
    // signing out clears it (userStore.ts, clearStoredUser).
    urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/admin\/live\/[^/]+(\/|$)/.test(url.pathname),
    handler: 'NetworkFirst',
    options: {
      cacheName: 'encore-band',
      networkTimeoutSeconds: 8,
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 2000, purgeOnQuotaError: true },
    },
  },
  {
    // The audience page's reads: the gig with its songs and queue, and this phone's requests.
    urlPattern: ({ url, sameOrigin }) =>
      sameOrigin && /^\/api\/public\/gig\/[^/]+(\/mine)?$/.test(url.pathname),
    handler: 'NetworkFirst',
    options: {
      cacheName: 'encore-guest',
      networkTimeoutSeconds: 8,
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 20 },
    },
  },
];
