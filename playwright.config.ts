import { defineConfig } from '@playwright/test';

/** Debian's Chromium: Playwright cannot download its own browser on this machine. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Playwright disables ThirdPartyStoragePartitioning (microsoft/playwright#32230), which makes
    // Chromium refuse localStorage to cross-site frames altogether. Real Chrome partitions that
    // storage instead, and the widgets rely on it; the last --disable-features wins, so this list
    // keeps Playwright's other choices that matter here and leaves partitioning on.
    '--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,MediaRouter,PaintHolding,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,LensOverlay,AvoidCorsURLLoaderRestartOnRedirect',
  ],
};

/**
 * Chromium as it is for a visitor who blocks third-party cookies (and by default in incognito):
 * storage refused to cross-site frames. Playwright's own launch does that — its default
 * --disable-features includes ThirdPartyStoragePartitioning, and Chromium 156 then throws a
 * SecurityError on localStorage in a cross-site frame (e2e/specs/storage-modes.spec.ts proves it).
 * So: the same flags minus the --disable-features that keeps partitioning on.
 */
export const refusedStorageLaunchOptions = {
  ...chromiumLaunchOptions,
  args: chromiumLaunchOptions.args.filter((arg) => !arg.startsWith('--disable-features=')),
};

/** Tests tagged so run twice: storage partitioned (Chrome's default) and refused. */
export const BOTH_STORAGE_MODES = '@both-storage-modes';

export default defineConfig({
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // One retry in CI only: a flake is still reported as flaky, but does not block a landing.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
    // A failed test's screenshot, for a local run (CI prints each frame's text: e2e/support/api-test.ts).
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'protocol', testDir: './tests/browser', testMatch: '**/*.spec.ts' },
    { name: 'e2e', testDir: './e2e/specs', testMatch: '**/*.spec.ts' },
    {
      name: 'e2e-storage-refused',
      testDir: './e2e/specs',
      testMatch: '**/*.spec.ts',
      grep: new RegExp(BOTH_STORAGE_MODES),
      use: { launchOptions: refusedStorageLaunchOptions },
    },
  ],
});
