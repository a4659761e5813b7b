import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../playwright.config';

/** Private config to run only the protocol tests (the root config also starts the e2e stack). */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '/tmp/foyer-protocol-test-results',
  timeout: 30_000,
  workers: 1,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
  },
});
