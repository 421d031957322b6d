import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // The panel, and the audience page with a small bundle of its own (no React, no MUI).
    rollupOptions: { input: { panel: 'index.html', audience: 'audience.html' } },
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
