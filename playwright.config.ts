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
  },
  projects: [
    { name: 'protocol', testDir: './tests/browser', testMatch: '**/*.spec.ts' },
    { name: 'e2e', testDir: './e2e/specs', testMatch: '**/*.spec.ts' },
  ],
});
