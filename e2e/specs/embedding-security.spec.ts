import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { LoginWidget } from '../support/widgets';

test('a page whose origin is not allowed cannot embed the frames', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) blocked.push(message.text());
  });
  await page.goto(`${stack.foreignUrl}/login`);
  const iframe = page.locator('iframe[title="Foyer login widget"]');
  await expect(iframe).toHaveCount(1);
  await expect.poll(() => blocked.length).toBeGreaterThan(0);
  // The widget never renders inside the refused frame.
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame).toBeDefined();
  await expect.poll(() => frame!.locator('input').count()).toBe(0);
});

test('a hostile host page sending malformed or foreign messages changes nothing and crashes nothing', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);
  await expect(login.email).toBeVisible();

  await page.evaluate(() => {
    const junk: unknown[] = [
      'hello',
      null,
      42,
      { penpal: 'SYN' },
      { namespace: 'penpal', type: 'CALL', methodName: 'deliver', args: [{ name: 'logout.action', payload: {} }] },
      { namespace: 'penpal', type: 'SYN', participantId: 'x' },
      { name: 'login.success', payload: { guid: 'forged' } },
      { __proto__: { polluted: true } },
    ];
    for (const frame of Array.from(document.querySelectorAll('iframe'))) {
      for (const message of junk) frame.contentWindow?.postMessage(message, '*');
    }
    // Messages that pretend to come from a frame, sent to the host page itself.
    for (const message of junk) window.postMessage(message, '*');
    window.dispatchEvent(
      new MessageEvent('message', { data: { name: 'resize', height: 99999 }, origin: 'https://evil.example' }),
    );
  });

  // Nothing changed: not logged in, no forged event, the frames are intact and working.
  await expect(page.locator('#event-log')).not.toContainText('forged');
  await login.logIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(page.locator('#event-log')).toContainText('foyer:login.success');
  expect(errors).toEqual([]);
});
