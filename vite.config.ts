import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { offlineCaching } from './src/client/live/offline/caching';
import { loginShellPage } from './src/client/login/shellPlugin';

/**
 * node-polyglot's three helpers from npm (object.entries, hasown, warning) stand for what every
 * browser the panel runs in has: as npm has them they bring get-intrinsic and a dozen more packages,
 * about 5 kB gzipped, into the login page (issue 25, point 3). Only node-polyglot's imports are
 * replaced, by the files in src/client/i18n/polyglot/.
 */
function polyglotWithoutPolyfills(): Plugin {
  const shims: Record<string, string> = { 'object.entries': 'entries', hasown: 'hasown', warning: 'warning' };
  return {
    name: 'encore:polyglot-without-polyfills',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes('/node_modules/node-polyglot/') || !shims[source]) return null;
      return fileURLToPath(new URL(`./src/client/i18n/polyglot/${shims[source]}.cjs`, import.meta.url));
    },
  };
}

const server = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    polyglotWithoutPolyfills(),
    react(),
    // The band page, its stage view and the audience page keep working without the venue's Wi-Fi
    // (issue 27, point 5): Workbox's generated service worker, registered by those pages only
    // (src/client/live/offline/serviceWorker.ts). Nothing of the panel is precached: what a page
    // loaded is kept as it loads (the rules in caching.ts), so a guest's phone never downloads the
    // panel and the admin panel's API answers never enter a cache.
    VitePWA({
      injectRegister: false,
      // Two manifests of our own in public/ (band.webmanifest, audience.webmanifest), each linked by
      // its page: the panel's index.html serves the admin panel too, which is not an app to install.
      manifest: false,
      workbox: {
        globPatterns: ['*.{png,svg,webmanifest}'],
        navigateFallback: null,
        // A new build takes over at once: a tablet (or a browser test) never runs an old page.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: offlineCaching,
      },
    }),
    // /admin/login's page with the sign-in form in it, painted before the JavaScript arrives.
    loginShellPage(),
    // .br and .gz beside each file, served by the server as they are (never compressed per request).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // The panel, and the audience page and the venue screen with small bundles of their own (no
    // React, no MUI).
    rollupOptions: { input: { panel: 'index.html', audience: 'audience.html', screen: 'screen.html' } },
  },
  server: {
    proxy: {
      '/api': server,
      '/sanctum': server,
      '/uploads': server,
      '/ws': { target: server, ws: true },
    },
  },
});
