import { expect, test } from '@playwright/test';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { stack } from '../support/stack';
import { Shop } from '../support/purchase';
import { LoginWidget, untilFramesSettled, widgetIframe } from '../support/widgets';

test('the frame has no inner scrollbar and follows its content as it grows and shrinks', async ({ page }) => {
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);
  const iframe = widgetIframe(page, 'login');
  await expect(login.email).toBeVisible();

  const frameMetrics = () =>
    login.frame.locator('html').evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      clientHeight: document.documentElement.clientHeight,
    }));
  const iframeHeight = () => iframe.evaluate((element) => element.getBoundingClientRect().height);

  await expect.poll(async () => (await frameMetrics()).scrollHeight <= (await frameMetrics()).clientHeight).toBe(true);
  const before = await iframeHeight();

  // Content grows: an error message appears.
  await login.logIn('demo@foyer.test', 'wrong-password');
  await expect(login.alert).toBeVisible();
  await expect.poll(iframeHeight).toBeGreaterThan(before);
  await expect.poll(async () => (await frameMetrics()).scrollHeight <= (await frameMetrics()).clientHeight).toBe(true);

  // Content shrinks: the message is closed.
  await login.frame.getByRole('button', { name: 'Close' }).click();
  await expect(login.alert).toHaveCount(0);
  await expect.poll(iframeHeight).toBeLessThan(before + 1);

  // The iframe itself: cross-origin, sandboxed with exactly the needed permissions, borderless, full width.
  await expect(iframe).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-storage-access-by-user-activation allow-top-navigation-by-user-activation',
  );
  await expect(iframe).toHaveAttribute('allow', 'payment *;publickey-credentials-get;publickey-credentials-create');
  const src = await iframe.getAttribute('src');
  expect(new URL(src!).origin).toBe(new URL(stack.widgetsUrl).origin);
  expect(new URL(src!).origin).not.toBe(new URL(stack.demoUrl).origin);
  const box = await iframe.evaluate((element) => ({
    border: getComputedStyle(element).borderTopWidth,
    width: element.getBoundingClientRect().width,
    parentWidth: element.parentElement!.getBoundingClientRect().width,
  }));
  expect(box.border).toBe('0px');
  expect(Math.round(box.width)).toBe(Math.round(box.parentWidth));
});

/**
 * Chromium throttles rendering in off-screen cross-origin frames: no animation frames, no
 * ResizeObserver callbacks. The frames far below the fold still get their content height before
 * the visitor scrolls there (the bench gives the figure 3 s after load).
 */
test('frames far below the fold get their content height before any scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${stack.demoUrl}/article`);
  const widgets = ['login', 'product-selection', 'profile'];
  // Nothing here scrolls: page.frames() and evaluate() read the frames where they are.
  const measure = () =>
    Promise.all(
      widgets.map(async (widget) => {
        const frame = page.frames().find((candidate) => candidate.url().includes(`/w/${widget}`));
        const iframe = widgetIframe(page, widget);
        const [top, height] = await iframe.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return [box.top, box.height];
        });
        const content = frame
          ? await frame.evaluate(() => {
              const root = document.getElementById('root');
              // Only once the widget shows its content, not its loading state.
              return root?.querySelector('form, button, [role="alert"]') ? root.getBoundingClientRect().height : -1;
            })
          : -1;
        return { widget, top, off: Math.abs(height - content), content };
      }),
    );
  await expect
    .poll(async () => (await measure()).every(({ content, off }) => content > 0 && off <= 4), { timeout: 15_000 })
    .toBe(true);
  expect(await page.evaluate(() => scrollY)).toBe(0);
  for (const { widget, top } of await measure()) expect(top, `${widget} is below the fold`).toBeGreaterThan(720);
});

// Also with storage refused (issue 9): the pick reaches the summary and the button over the frames' channel.
test(
  'a click on the checkout button right after scrolling to it starts the checkout',
  { tag: BOTH_STORAGE_MODES },
  async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const shop = new Shop(page);
    await shop.open();
    // Picked at the top of the page; nothing below is scrolled into view (the frames there stay
    // throttled, as for a visitor who has not scrolled yet).
    await shop.pick('Monthly', 'Print and digital');
    await expect(shop.checkout).toBeEnabled();
    expect(await page.evaluate(() => scrollY)).toBe(0);
    // Then as a visitor: scroll the button into view, see where it is, and click there once the
    // frames have reported their heights (a frame that jumps to its height meanwhile moves it).
    const inFrame = await shop.checkout.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    const frameBox = await widgetIframe(page, 'checkout-button').evaluate((element) => {
      element.scrollIntoView({ block: 'center' });
      const box = element.getBoundingClientRect();
      return { x: box.left, y: box.top };
    });
    // The frames report their heights (any jump they would make happens now), then the click
    // lands where the button was seen: it must still be there.
    await untilFramesSettled(page);
    await page.mouse.click(frameBox.x + inFrame.x, frameBox.y + inFrame.y);
    await expect(shop.dialog).toBeVisible();
    await expect(shop.step('login').getByLabel('Email')).toBeVisible();
  },
);
