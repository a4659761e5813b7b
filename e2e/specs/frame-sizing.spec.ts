import { expect, test } from '@playwright/test';
import { stack } from '../support/stack';
import { LoginWidget, widgetIframe } from '../support/widgets';

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
  await expect(iframe).toHaveAttribute('allow', 'payment *');
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
