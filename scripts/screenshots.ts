/**
 * `npm run screenshots`: PNGs of the demo gallery (every widget) at 320, 390, 768 and 1280 px in
 * the light, dark and brand themes, against the real stack (in-memory database, free ports).
 * They go to screenshots/ (git-ignored): for review, not committed.
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../playwright.config';
import { startStack } from './stack-process';

const OUT = new URL('../screenshots/', import.meta.url);
const WIDTHS = [320, 390, 768, 1280];
const THEMES = ['light', 'dark', 'brand'];

const stack = await startStack(['--ephemeral']);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  await mkdir(OUT, { recursive: true });
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${stack.demoUrl}/gallery`);
    for (const theme of THEMES) {
      await page.getByRole('radio', { name: new RegExp(`^${theme}`, 'i') }).check();
      // Every frame has reported its height (the loader drops the grey placeholder then).
      await page.waitForFunction(() =>
        [...document.querySelectorAll('iframe')].every((frame) => frame.style.backgroundColor === ''),
      );
      // Chromium paints cross-origin frames outside the viewport blank in a full-page shot: the
      // viewport is made as tall as the page instead.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(800);
      const path = new URL(`gallery-${theme}-${width}.png`, OUT);
      await page.screenshot({ path: path.pathname });
      await page.setViewportSize({ width, height: 900 });
      console.log(path.pathname);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
