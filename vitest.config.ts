import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    sequence: { groupOrder: 1 },
  },
});

export default defineConfig({
  test: {
    globals: true,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        plugins: [react()],
        // One copy of react-router for react-admin and the app (otherwise "is not a <Route>").
        resolve: { conditions: ['module-sync', ...defaultClientConditions] },
        test: {
          name: 'client',
          // Both cores for the client files (vitest's default for a run here is one worker), run
          // before the server files: those stay one at a time, as their PostgreSQL schemas'
          // migrations are not safe side by side (docs/decisions.md, "Client tests").
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Nothing leaves the test process: frames (the stage view's PDF), scripts and styles that
          // a page names are not fetched.
          environmentOptions: {
            happyDOM: {
              settings: {
                disableIframePageLoading: true,
                disableJavaScriptFileLoading: true,
                disableCSSFileLoading: true,
              },
            },
          },
          // One module graph per worker: react-admin and MUI are imported once, not once per file
          // (tests/client/setup.ts resets what a page load would; docs/decisions.md).
          isolate: false,
          setupFiles: ['tests/client/setup.ts'],
          // A bound on waiting, not a speed check: on a busy 2-core machine the first render of a
          // screen in happy-dom can take several seconds.
          testTimeout: 30_000,
        },
      },
      serverProject('server-sqlite', { TEST_DB: 'sqlite' }),
      ...(postgres ? [serverProject('server-postgres', { TEST_DB: 'postgres' })] : []),
    ],
  },
});
