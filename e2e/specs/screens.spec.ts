import { expect, test, type Frame, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { layoutFaults } from '../support/layout';
import { stack } from '../support/stack';

/**
 * Every widget route on one page (the demo gallery), at a phone's and a desktop's width, in the
 * light and the dark theme: no horizontal overflow, no clipped or covered control, and axe's
 * colour-contrast rule clean; then the same after each form was submitted empty (its error state).
 * One page for all of it keeps this fast: the frames load once, the theme and the width change.
 */
const WIDGET_ROUTES = [
  'login',
  'profile',
  'registration',
  'edit-profile',
  'capture',
  'account-activation',
  'forgot-password',
  'reset-password',
  'change-password',
  'product-selection',
  'product-profile',
  'product-summary',
  'checkout-button',
  'payment-type-selector',
  'payment',
  'stripe-payment',
  'mercado-payment',
  'manual-payment',
  'direct-debit-request',
  'direct-debit-complete',
];

// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

const widgetFrames = (page: Page): Frame[] =>
  page.frames().filter((frame) => WIDGET_ROUTES.includes(new URL(frame.url()).pathname.replace('/w/', '')));

async function settled(page: Page) {
  // Every frame has reported its height (the loader then drops the grey placeholder) and shows no spinner.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('iframe')].every((frame) => frame.style.backgroundColor === ''),
      ),
    )
    .toBe(true);
  await Promise.all(widgetFrames(page).map((frame) => expect(frame.locator('[aria-busy="true"]')).toHaveCount(0)));
}

async function check(page: Page, state: string) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(widths[0], `${state}: the gallery page overflows`).toBeLessThanOrEqual(widths[1]!);
  // All frames at once: each runs in its own renderer.
  const faults = await Promise.all(
    widgetFrames(page).map(async (frame) => {
      const where = `${state} ${new URL(frame.url()).pathname}`;
      const found = [...(await layoutFaults(frame)), ...(await axeViolations(frame, ['color-contrast']))];
      return found.map((fault) => `${where}: ${fault}`);
    }),
  );
  expect(faults.flat()).toEqual([]);
}

test('every widget route at 320 and 1280 px, light and dark, empty and submitted: no overflow, nothing clipped, contrast AA', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`${stack.demoUrl}/gallery?theme=light`);
  await expect.poll(() => widgetFrames(page).length).toBe(WIDGET_ROUTES.length);
  for (const state of ['empty', 'submitted']) {
    // The error states: each form submitted as it is.
    if (state === 'submitted') {
      // (a click from the page: Playwright's own would scroll the page for each frame at once)
      await Promise.all(
        widgetFrames(page).map((frame) =>
          frame.evaluate(() =>
            document.querySelector<HTMLButtonElement>('form button[type=submit]:not([disabled])')?.click(),
          ),
        ),
      );
      // Each refused form focuses its first invalid field, and the browser scrolls the page to that
      // frame; twenty of them do so one after another. Let that end, then go back to the switcher.
      await settled(page);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    for (const theme of ['light', 'dark']) {
      await page.getByRole('radio', { name: new RegExp(`^${theme}$`, 'i') }).check();
      await Promise.all(
        widgetFrames(page).map((frame) => expect(frame.locator('html')).toHaveAttribute('data-theme', theme)),
      );
      for (const width of [320, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await settled(page);
        await check(page, `${state} ${theme} ${width} px`);
      }
    }
  }
});
