/**
 * Social sign-in by a full redirect of the page (issue 14), where popups do not work: an in-app
 * browser (by its user agent) or a popup the browser blocked (`window.open` answering null in the
 * widget frames). The whole page goes to the stand-in provider through the server and comes back
 * to the host page, which finishes the sign-in, registration or link as the popup would. Real
 * loader, frames, server, database and the demo stack's OpenID Connect stand-ins.
 *
 * Each test names its visitor at the stand-in for its own user-agent marker only, so this file
 * does not change who signs in for social-sign-in.spec.ts running beside it; its own tests take
 * turns all the same.
 */
import { expect, type Page } from '@playwright/test';
import { formatAuthorization } from '@foyer/api';
import { frameHeaders } from '@foyer/api/frame-headers';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { test } from '../support/api-test';
import { stack } from '../support/stack';
import { mailedLink } from '../support/mailbox';
import { DESKTOP_CHROME, nextPerson } from '../support/social-popup';
import { ProfileWidget, recordHostEvents, untilFramesSettled, widgetFrame } from '../support/widgets';

test.describe.configure({ mode: 'serial' });

const INSTAGRAM_ANDROID =
  'Mozilla/5.0 (Linux; Android 12; Pixel 6 Build/SQ3A.220705.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/103.0.5060.71 Mobile Safari/537.36 Instagram 241.1.0.18.114 Android';
const EVENTS = [
  'login.success',
  'socialLogin.success',
  'socialRegister.success',
  'socialLink.success',
  'socialSession.refresh',
];

/** Counts popups the page opens: the full-redirect mode must open none. */
function countPopups(page: Page) {
  let popups = 0;
  page.on('popup', () => (popups += 1));
  return () => popups;
}

/** The page's own addresses, in order: its loads and its history.replaceState calls. */
function addresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

/**
 * Back on the host page from a trip started after `since` addresses: the server's address carried
 * the result id and purpose and nothing else new; the loader then took both out of the address bar
 * (the page's own parameter stays). Answers the address the server sent the visitor back to.
 */
async function backOnHostPage(page: Page, seen: string[], since: number, purpose: 'signIn' | 'link' | 'confirm') {
  const returned = () =>
    seen.slice(since).find((address) => new URL(address).searchParams.get('foyerSocialFor') === purpose);
  await expect.poll(returned, { timeout: 20_000 }).toBeTruthy();
  const back = new URL(returned()!);
  expect(back.origin + back.pathname).toBe(`${stack.demoUrl}/social`);
  expect([...back.searchParams.keys()].sort()).toEqual(['foyerSocial', 'foyerSocialFor', 'from']);
  expect(back.searchParams.get('from')).toBe('e2e');
  await expect.poll(() => page.url()).toBe(`${stack.demoUrl}/social?from=e2e`);
  return back;
}

test.describe('in an in-app browser (Instagram on Android)', () => {
  const marker = `FoyerE2E/inapp-${Date.now()}`;
  test.use({ userAgent: `${INSTAGRAM_ANDROID} ${marker}` });

  test(
    'the whole page goes to the provider and back; social registration, then signed in on the host page',
    // Where the frame has no storage the host page keeps the trip's attempt (the loader).
    { tag: BOTH_STORAGE_MODES },
    async ({ page }) => {
      test.setTimeout(90_000);
      const popups = countPopups(page);
      const seen = addresses(page);
      const events = await recordHostEvents(page, EVENTS);
      const person = await nextPerson('google', { forUserAgent: marker });
      await page.goto(`${stack.demoUrl}/social?from=e2e`);
      const login = widgetFrame(page, 'login');
      let since = seen.length;
      await login.getByRole('button', { name: 'Sign in with Google' }).click();

      const back = await backOnHostPage(page, seen, since, 'signIn');
      // No linked account: the social registration form, filled from the provider's profile.
      await expect(login.getByRole('heading', { name: 'Create an Account' })).toBeVisible({ timeout: 20_000 });
      await expect(login.getByLabel('Email')).toHaveValue(person.email);
      await login.getByRole('button', { name: 'Create Account' }).click();
      await expect(login.getByText('You are logged in')).toBeVisible();
      await expect(widgetFrame(page, 'profile').getByText(person.email)).toBeVisible();
      await expect
        .poll(async () => (await events()).find((event) => event.name === 'socialRegister.success')?.detail)
        .toEqual({ guid: expect.any(String), network: 'google' });
      // Nothing secret on the host page: not in its events, not in its address.
      expect(JSON.stringify(await events())).not.toMatch(/sessionId|ticket|access_token/i);
      expect(page.url()).not.toMatch(/ticket|access_token|session/i);
      expect(popups()).toBe(0);

      // The result id is spent: the address the server sent back, loaded again (a bookmark, the
      // history), signs nobody in, shows no error, and loses the id too.
      await new ProfileWidget(page).logout.click();
      await expect(login.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
      await page.goto(back.href);
      await expect(login.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
      await expect(login.getByRole('alert')).toHaveCount(0);
      await expect(login.getByText('You are logged in')).toHaveCount(0);
      await expect.poll(() => page.url()).toBe(`${stack.demoUrl}/social?from=e2e`);

      // Next time the linked identity signs straight in.
      since = seen.length;
      await login.getByRole('button', { name: 'Sign in with Google' }).click();
      await backOnHostPage(page, seen, since, 'signIn');
      await expect(login.getByText('You are logged in')).toBeVisible({ timeout: 20_000 });
      await expect
        .poll(async () => (await events()).find((event) => event.name === 'socialLogin.success')?.detail)
        .toEqual({ guid: expect.any(String), network: 'google' });
      expect(popups()).toBe(0);
    },
  );

  test(
    'a result URL made in the attacker’s browser and opened by a victim signs the victim into nothing (login CSRF, issue 24)',
    { tag: BOTH_STORAGE_MODES },
    async ({ page, request }) => {
      test.setTimeout(90_000);
      // The attacker makes the trip with their own Google account and keeps the address the server
      // sends back instead of letting a page finish it.
      const person = await nextPerson('google', { forUserAgent: marker });
      const attempt = `attacker-${Date.now()}`;
      const headers = { 'user-agent': `${INSTAGRAM_ANDROID} ${marker}` };
      let next = `${stack.widgetsUrl}/ic/api/social/google/authorize?${new URLSearchParams({
        serviceName: 'demo',
        attempt,
        returnTo: `${stack.demoUrl}/social?from=e2e`,
        purpose: 'signIn',
      })}`;
      while (!new URL(next).searchParams.has('foyerSocial')) {
        const step = await request.get(next, { headers, maxRedirects: 0 });
        expect(step.status()).toBe(302);
        next = new URL(step.headers().location!, next).href;
      }
      const resultUrl = next;

      // The victim opens it (a link in a mail, an image, a redirect).
      const redeemed: string[] = [];
      page.on('request', (sent) => {
        if (sent.url().endsWith('/ic/api/social/result')) redeemed.push(sent.url());
      });
      await page.goto(resultUrl);
      const login = widgetFrame(page, 'login');
      await expect.poll(() => page.url()).toBe(`${stack.demoUrl}/social?from=e2e`);
      await expect(login.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
      await expect(widgetFrame(page, 'profile').getByText(/not logged in/i)).toBeVisible();

      // The result is still unspent: only the attacker's own attempt redeems it, once. So the
      // victim's page never took it.
      const result = new URL(resultUrl).searchParams.get('foyerSocial')!;
      const frame = await frameHeaders(stack.widgetsUrl);
      const redeem = (body: object) =>
        request.post(`${stack.widgetsUrl}/ic/api/social/result`, {
          headers: { authorization: formatAuthorization({ serviceName: 'demo' }), ...frame },
          data: body,
        });
      expect((await redeem({ result })).status()).toBe(400);
      const own = await redeem({ result, attempt });
      expect(own.status()).toBe(200);
      expect(await own.json()).toMatchObject({ network: 'google', purpose: 'signIn', ticket: expect.any(String) });

      expect(redeemed).toEqual([]);
      await expect(login.getByText('You are logged in')).toHaveCount(0);
      await expect(login.getByRole('heading', { name: 'Create an Account' })).toHaveCount(0);
      await expect(login.getByLabel('Email')).not.toHaveValue(person.email);
    },
  );

  test(
    'X gives no e-mail address: the visitor types it in the social registration, activates it from the mail, and signs in (issue 14)',
    { tag: BOTH_STORAGE_MODES },
    async ({ page, request }) => {
      test.setTimeout(90_000);
      const seen = addresses(page);
      const events = await recordHostEvents(page, EVENTS);
      const person = await nextPerson('twitter', { forUserAgent: marker });
      await page.goto(`${stack.demoUrl}/social?from=e2e`);
      const login = widgetFrame(page, 'login');
      const since = seen.length;
      await login.getByRole('button', { name: 'Sign in with X' }).click();

      await backOnHostPage(page, seen, since, 'signIn');
      await expect(login.getByRole('heading', { name: 'Create an Account' })).toBeVisible({ timeout: 20_000 });
      // X's user info has an id, a name and a handle, no e-mail address.
      await expect(login.getByLabel('Email')).toHaveValue('');
      await login.getByRole('button', { name: 'Create Account' }).click();
      await expect(login.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expect(login.getByText('Email is required.')).toBeVisible();
      await login.getByLabel('Email').fill(person.email);
      await login.getByLabel('First name').fill('Xan');
      await login.getByLabel('Last name').fill('Redirect');
      await login.getByRole('button', { name: 'Create Account' }).click();
      // Nobody vouched for the typed address: the account waits for the activation mailed to it.
      await expect(login.getByRole('status')).toContainText(`We have sent a link to ${person.email}`, {
        timeout: 20_000,
      });
      await expect
        .poll(async () => (await events()).find((event) => event.name === 'socialRegister.success')?.detail)
        .toEqual({ guid: expect.any(String), network: 'twitter' });
      expect((await events()).map((event) => event.name)).not.toContain('login.success');
      await page.goto(await mailedLink(request, person.email, 'activationKey'));
      await expect(widgetFrame(page, 'account-activation').getByRole('alert')).toContainText(
        'Your account has been activated',
      );

      await page.goto(`${stack.demoUrl}/social?from=e2e`);
      const again = seen.length;
      await login.getByRole('button', { name: 'Sign in with X' }).click();
      await backOnHostPage(page, seen, again, 'signIn');
      await expect(login.getByText('You are logged in')).toBeVisible({ timeout: 20_000 });
      await expect(widgetFrame(page, 'profile').getByText(person.email)).toBeVisible();
      expect(JSON.stringify(await events())).not.toMatch(/sessionId|ticket|access_token/i);
    },
  );

  test(
    'a login opened in the modal goes to the provider and back, and the page opens it again with the outcome',
    { tag: BOTH_STORAGE_MODES },
    async ({ page }) => {
      test.setTimeout(90_000);
      const seen = addresses(page);
      const events = await recordHostEvents(page, EVENTS);
      const person = await nextPerson('facebook', { forUserAgent: marker });
      await page.goto(`${stack.demoUrl}/social?from=e2e`);
      // The login above grows as its social buttons load: the button moves down meanwhile.
      await untilFramesSettled(page);
      await page.getByRole('button', { name: 'Log in in a window' }).click();
      const dialog = page.getByRole('dialog');
      const modalLogin = dialog.frameLocator('iframe');
      // The modal's login grows as its social buttons load, as the page's did.
      await expect(modalLogin.getByRole('button', { name: 'Sign in with Facebook' })).toBeVisible();
      await untilFramesSettled(page);
      const since = seen.length;
      await modalLogin.getByRole('button', { name: 'Sign in with Facebook' }).click();

      await backOnHostPage(page, seen, since, 'signIn');
      // The modal is open again, and it, not the page's own login, carries on with the result.
      await expect(modalLogin.getByRole('heading', { name: 'Create an Account' })).toBeVisible({ timeout: 20_000 });
      await expect(modalLogin.getByLabel('Email')).toHaveValue(person.email);
      await expect(widgetFrame(page, 'login').getByRole('button', { name: 'Sign in with Facebook' })).toBeVisible();
      await modalLogin.getByRole('button', { name: 'Create Account' }).press('Space');
      // Signed in: the modal closes and the page's widgets show the account.
      await expect(dialog).toHaveCount(0, { timeout: 20_000 });
      await expect(widgetFrame(page, 'profile').getByText(person.email)).toBeVisible();
      await expect
        .poll(async () => (await events()).find((event) => event.name === 'socialRegister.success')?.detail)
        .toEqual({ guid: expect.any(String), network: 'facebook' });
    },
  );
});

test.describe('where the browser blocks the popup', () => {
  const marker = `FoyerE2E/blocked-${Date.now()}`;
  test.use({ userAgent: `${DESKTOP_CHROME} ${marker}` });

  test('a blocked popup falls back to the full redirect: sign up, then link another network from the account page', async ({
    page,
  }) => {
    // Four trips to the provider: sign-up, link, confirmation, link.
    test.setTimeout(120_000);
    // window.open answers null in the widget frames, as a popup blocker makes it.
    await page.addInitScript((widgetsOrigin: string) => {
      if (location.origin === widgetsOrigin) window.open = () => null;
    }, new URL(stack.widgetsUrl).origin);
    const seen = addresses(page);
    const events = await recordHostEvents(page, EVENTS);
    const person = await nextPerson('linkedin', { forUserAgent: marker });
    await page.goto(`${stack.demoUrl}/social?from=e2e`);
    const login = widgetFrame(page, 'login');
    let since = seen.length;
    await login.getByRole('button', { name: 'Sign in with LinkedIn' }).click();

    await backOnHostPage(page, seen, since, 'signIn');
    await expect(login.getByRole('heading', { name: 'Create an Account' })).toBeVisible({ timeout: 20_000 });
    await expect(login.getByLabel('Email')).toHaveValue(person.email);
    await login.getByRole('button', { name: 'Create Account' }).click();
    await expect(login.getByText('You are logged in')).toBeVisible();
    await expect
      .poll(async () => (await events()).find((event) => event.name === 'socialRegister.success')?.detail)
      .toEqual({ guid: expect.any(String), network: 'linkedin' });

    // Linking from the account page makes the same trip; back, the link asks for a fresh proof
    // (issue 24): this account has no password, so a confirmation with LinkedIn, by the same trip.
    await nextPerson('facebook', { forUserAgent: marker });
    const link = widgetFrame(page, 'link-accounts');
    const linkFacebook = link.getByRole('button', { name: 'Link Facebook' });
    since = seen.length;
    await linkFacebook.click();
    await backOnHostPage(page, seen, since, 'link');
    await expect(
      link.getByText('Your account has no password: to go on, sign in again with a network linked to it.'),
    ).toBeVisible({
      timeout: 20_000,
    });
    since = seen.length;
    await link.getByRole('button', { name: 'Confirm with LinkedIn' }).click();
    await backOnHostPage(page, seen, since, 'confirm');
    await expect(
      link.getByRole('status').filter({ hasText: 'Thank you: you can link or unlink a network now.' }),
    ).toBeVisible({
      timeout: 20_000,
    });
    // The link left behind with the page is one click away, and now goes through.
    since = seen.length;
    await linkFacebook.click();
    await backOnHostPage(page, seen, since, 'link');
    await expect(link.getByRole('status').filter({ hasText: 'Facebook is now linked to your account.' })).toBeVisible({
      timeout: 20_000,
    });
    await expect
      .poll(async () => (await events()).find((event) => event.name === 'socialLink.success')?.detail)
      .toEqual({ guid: expect.any(String), network: 'facebook' });
    await expect(widgetFrame(page, 'unlink-accounts').getByRole('button', { name: 'Unlink Facebook' })).toBeVisible();
    expect(JSON.stringify(await events())).not.toMatch(/sessionId|ticket|access_token/i);
  });
});
