import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'apps/loader/**/*.test.ts',
            'apps/demo/**/*.test.ts',
            'packages/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
          environment: 'node',
        },
        // Workspace packages written to be published (packages/*) export their TypeScript under the
        // "source" condition; tests run on the server side, whose conditions are ssr.resolve's.
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
      },
      {
        extends: './apps/frame/vite.config.ts',
        test: {
          name: 'frame',
          root: './apps/frame',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // CI runs every tier on 2 loaded cores, where a jsdom render can miss a waitFor window;
          // one retry there (as Playwright has) — a test that fails twice still fails the run.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        extends: './apps/console/vite.config.ts',
        test: {
          name: 'console',
          root: './apps/console',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One database per file; files run one at a time to keep the 2-core machine responsive.
          fileParallelism: false,
        },
        // The server's tests use @foyer/node from its source, as a site's backend would use the package.
        ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
      },
    ],
  },
});
