import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'apps/loader/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
        resolve: { conditions: ['source'] },
      },
      {
        extends: './apps/frame/vite.config.ts',
        test: {
          name: 'frame',
          root: './apps/frame',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
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
      },
    ],
  },
});
