import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const server = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  // .br and .gz beside each file, served by the server as they are (never compressed per request).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
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
