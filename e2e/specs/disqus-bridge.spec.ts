import { expect, type Page } from '@playwright/test';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { test } from '../support/api-test';
import { createCustomer, proveAddress, uniqueEmail } from '../support/purchase';
import { stack } from '../support/stack';
import { LoginWidget, ProfileWidget, recordHostEvents } from '../support/widgets';

/**
 * The comment-system sign-on bridge (issue 15, identity spec §4) on the demo's /article, whose
 * Disqus thread is the demo site's stand-in of Disqus's embed: it checks `remote_auth_s3` as
 * Disqus's servers do (the signature under the demo site's secret, the age) and shows who it
 * would sign in. Logging in through a widget signs the thread in; logging out makes it a guest.
 */
const thread = (page: Page) => page.locator('#disqus_thread').getByRole('status');

async function disqusCookie(page: Page) {
  return (await page.context().cookies(stack.demoUrl)).find((cookie) => cookie.name === 'evolok_disqus');
}

test(
  'logging in signs the comment thread in, logging out makes it a guest',
  { tag: BOTH_STORAGE_MODES },
  async ({ page, request }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail();
    await createCustomer(request, email, 'commenter-1');
    // A purchase sign-up's address gets a sign-on only once proven (issue 24).
    await proveAddress(request, email, 'commenter-1');
    const seen = await recordHostEvents(page);
    const parts: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/disqus.js')) parts.push(sent.url());
    });

    await page.goto(`${stack.demoUrl}/article`);
    await expect(thread(page)).toHaveText('Commenting as a guest');
    expect(parts).toHaveLength(1);

    await new LoginWidget(page).logIn(email, 'commenter-1');
    await expect(thread(page)).toHaveText('Commenting as E2e Customer');
    // Disqus's signed value in the host's own cookie, for the token's 2 hours plus 90 minutes.
    const cookie = await disqusCookie(page);
    expect(decodeURIComponent(cookie?.value ?? '')).toMatch(/^[A-Za-z0-9+/]+=* [0-9a-f]{40} \d+$/);
    const lifetime = cookie!.expires * 1000 - Date.now();
    expect(lifetime).toBeGreaterThan((120 + 90 - 2) * 60_000);
    expect(lifetime).toBeLessThanOrEqual((120 + 90) * 60_000);
    // The page holds that public value only: the session id stays in the frames.
    const hostCookies = await page.evaluate(() => document.cookie);
    expect(hostCookies).not.toMatch(/evolok_sso|session/i);

    // Logging out from the keyboard: a mouse click lands where the button was when Playwright
    // measured it, and the frames above it (login, plans) may still be resizing after the login,
    // so a click could miss and leave the visitor signed in. Then, in order: the logout happened
    // (the button is gone, the page heard logout.action), and only then the thread's sign-out.
    const logout = new ProfileWidget(page).logout;
    await logout.press('Enter');
    await expect(logout).toHaveCount(0);
    await expect.poll(async () => (await seen()).some((event) => event.name === 'logout.action')).toBe(true);
    await expect(thread(page)).toHaveText('Commenting as a guest');
    expect(await disqusCookie(page)).toBeUndefined();

    // Signed in again, another page view: the session is kept where the browser allows storage,
    // and the thread follows it; where storage is refused the session ends with the page, and so
    // does the thread's sign-in.
    await new LoginWidget(page).logIn(email, 'commenter-1');
    await expect(thread(page)).toHaveText('Commenting as E2e Customer');
    await page.reload();
    if (test.info().project.name === 'e2e-storage-refused') {
      await expect(thread(page)).toHaveText('Commenting as a guest');
      await expect.poll(() => disqusCookie(page)).toBeUndefined();
    } else {
      await expect(new ProfileWidget(page).logout).toBeVisible();
      await expect(thread(page)).toHaveText('Commenting as E2e Customer');
      expect(await disqusCookie(page)).toBeDefined();
      // Signed in from its first load (the bridge loaded the embed with the stored sign-on), not
      // loaded as a guest and then reset.
      await expect(page.locator('#disqus_thread')).toHaveAttribute('data-loads', '1');
    }
  },
);

test('a page without the disqus setting never loads the bridge', async ({ page }) => {
  const parts: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/disqus.js')) parts.push(sent.url());
  });
  await page.goto(`${stack.demoUrl}/login`, { waitUntil: 'networkidle' });
  expect(parts).toEqual([]);
});

test('the stand-in refuses a forged sign-on value', async ({ request }) => {
  const forged = `${Buffer.from(JSON.stringify({ id: 'x', username: 'Mallory', email: 'm@x.test' })).toString('base64')} ${'0'.repeat(40)} ${Math.floor(Date.now() / 1000)}`;
  const answer = await request.post(`${stack.demoUrl}/stand-ins/disqus/session`, {
    data: { api_key: 'demo-disqus-public-key', remote_auth_s3: forged },
  });
  expect(await answer.json()).toEqual({ user: null, reason: 'bad signature' });
});
