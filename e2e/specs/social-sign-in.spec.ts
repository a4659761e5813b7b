/**
 * Social sign-in in the real stack: loader, frames, server and database, with the demo stack's
 * local OpenID Connect stand-ins (oauth2-mock-server, one per network) as the providers. The popup
 * really opens, goes to the stand-in and comes back through the server's callback page.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { test } from '../support/api-test';
import { axeViolations, widgetDocument } from '../support/axe';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { DESKTOP_CHROME, nextPerson, popupClosed } from '../support/social-popup';
import { LoginWidget, ProfileWidget, recordHostEvents, untilFramesSettled, widgetFrame } from '../support/widgets';
import { mailedLink } from '../support/mailbox';
import { createCustomer, proveAddress, uniqueEmail } from '../support/purchase';

// One stand-in per network holds "who is signing in": the tests of this file take turns.
test.describe.configure({ mode: 'serial' });

const SOCIAL_EVENTS = [
  'login.success',
  'session.refresh',
  'socialLogin.success',
  'socialLogin.failed',
  'socialRegister.success',
  'socialLink.success',
  'socialLink.failed',
  'socialUnlink.success',
  'socialUnlink.failed',
  'socialSession.refresh',
  'socialUnlink.authSchemeFailed',
  'socialProfile.updated',
  'editSocialProfile.cancelled',
  'socialRegistration.cancelled',
];

async function signInWith(page: Page, network: string, frame = widgetFrame(page, 'login')) {
  // After a logout the login form grows back and the frames below move down: a click aimed before
  // they settle lands where the button was, and no popup opens (lost in a full run).
  await untilFramesSettled(page);
  const popup = page.waitForEvent('popup');
  await frame.getByRole('button', { name: `Sign in with ${network}` }).click();
  await popupClosed(popup);
}

/** A first Google sign-in on the social page, then the social registration form as filled: signed in. */
async function registerWithGoogle(page: Page) {
  await page.goto(`${stack.demoUrl}/social`);
  const login = widgetFrame(page, 'login');
  await signInWith(page, 'Google');
  // The registration panel has just replaced the form and the frame is still growing to fit it.
  await untilFramesSettled(page);
  await login.getByRole('button', { name: 'Create Account' }).click();
  await expect(login.getByText('You are logged in')).toBeVisible();
}

test('first social sign-in → social registration → account created and linked; next time it signs in', async ({
  page,
}) => {
  // Two sign-ins, a registration and a logout: a long journey on a loaded machine.
  test.setTimeout(60_000);
  const events = await recordHostEvents(page, SOCIAL_EVENTS);
  const person = await nextPerson('google');
  await page.goto(`${stack.demoUrl}/social`);
  const login = widgetFrame(page, 'login');
  await signInWith(page, 'Google');

  // No linked account: the social registration form, filled from the provider's profile.
  await expect(login.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await expect(login.getByLabel('Email')).toHaveValue(person.email);
  await expect(login.getByLabel('First name')).toHaveValue('Robin');
  await expect(login.getByLabel('Password')).toHaveCount(0);
  await login.getByRole('button', { name: 'Create Account' }).click();
  await expect(login.getByText('You are logged in')).toBeVisible();
  await expect(widgetFrame(page, 'profile').getByText(person.email)).toBeVisible();

  // The social session refresh follows once the linked networks are read.
  await expect
    .poll(async () => (await events()).find((event) => event.name === 'socialSession.refresh')?.detail)
    .toEqual({ linked: ['GOOGLE'] });
  const seen = await events();
  const registered = seen.find((event) => event.name === 'socialRegister.success');
  expect(registered?.detail).toEqual({ guid: expect.any(String), network: 'google' });
  // Nothing secret on the host page: no session id, ticket or provider token.
  expect(JSON.stringify(seen)).not.toMatch(/sessionId|ticket|access_token/i);

  // Log out, and sign in again with the same Google identity: straight in.
  await new ProfileWidget(page).logOut();
  await signInWith(page, 'Google');
  await expect(login.getByText('You are logged in')).toBeVisible();
  // The event follows the session (the frame shows it first, then publishes through the loader).
  await expect
    .poll(async () => (await events()).filter((event) => event.name === 'socialLogin.success'))
    .toEqual([
      {
        name: 'socialLogin.success',
        detail: { guid: (registered!.detail as { guid: string }).guid, network: 'google' },
      },
    ]);

  // The last way into an account without a password cannot be unlinked.
  const unlink = widgetFrame(page, 'unlink-accounts');
  // The login above just gave way to one line: the frames below are moving up.
  await untilFramesSettled(page);
  await unlink.getByRole('button', { name: 'Unlink Google' }).click();
  await expect(unlink.getByRole('alert')).toHaveText(
    /Please complete your profile before you unlink this social network/,
  );
});

test('edit social profile: the scheme form without passwords; an unlink refusal says why; an update is published', async ({
  page,
}) => {
  const events = await recordHostEvents(page, SOCIAL_EVENTS);
  const person = await nextPerson('google');
  await registerWithGoogle(page);

  const edit = widgetFrame(page, 'edit-social-profile');
  await expect(edit.getByLabel('Email')).toHaveValue(person.email);
  await expect(edit.getByLabel('Password')).toHaveCount(0);

  // Unlinking the only way in is refused; the auth-scheme-failed notice reaches the edit form.
  await widgetFrame(page, 'unlink-accounts').getByRole('button', { name: 'Unlink Google' }).click();
  await expect(edit.getByText('Complete these details before you unlink your last social network.')).toBeVisible();
  await expect
    .poll(async () => (await events()).find((event) => event.name === 'socialUnlink.authSchemeFailed')?.detail)
    .toEqual({ authenticationSchemeName: 'default' });

  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(async () => (await events()).map((event) => event.name)).toContain('editSocialProfile.cancelled');
  await expect(edit.getByText('Complete these details before you unlink your last social network.')).toBeVisible();

  expect(JSON.stringify(await events())).not.toMatch(/sessionId|ticket|access_token/i);
});

test('edit social profile: a new address (with the secure session as proof) waits for its confirmation; the update is published', async ({
  page,
  request,
}) => {
  test.slow(); // registration, activation and the change: three page loads and two mails
  const address = `edit-social-${Date.now()}@foyer.test`;
  const password = 'edit-social-pw-1';
  const registered = await request.post(`${stack.widgetsUrl}/ic/api/userProfile`, {
    data: {
      realm: 'default',
      services: ['demo'],
      attributes: [
        { name: 'email', value: address },
        { name: 'password', value: password },
        { name: 'firstName', value: 'Edie' },
        { name: 'lastName', value: 'Social' },
      ],
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await page.goto(await mailedLink(request, address, 'activationKey'));
  await expect(widgetFrame(page, 'account-activation').getByRole('alert')).toContainText(
    'Your account has been activated',
  );

  const events = await recordHostEvents(page, SOCIAL_EVENTS);
  // Secure mode: the password login's secure session is the proof a new address needs (issue 11).
  await page.addInitScript(() => {
    (window as unknown as { FoyerSettings: object }).FoyerSettings = { secureMode: true };
  });
  await page.goto(`${stack.demoUrl}/social`);
  await new LoginWidget(page).logInSettled(address, password);
  const edit = widgetFrame(page, 'edit-social-profile');
  await expect(edit.getByLabel('Email')).toHaveValue(address);
  await expect(edit.getByLabel('Password')).toHaveCount(0);
  await edit.getByLabel('Email').fill(`new-${address}`);
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(edit.getByText(/Check your mail to confirm your new address/)).toBeVisible();
  // Nothing changed yet: the address in use is still the one shown.
  await expect(edit.getByLabel('Email')).toHaveValue(address);
  await expect
    .poll(async () => (await events()).find((event) => event.name === 'socialProfile.updated')?.detail)
    .toEqual({
      statusCode: 202,
      message: 'Your account has been updated successfully.',
      response: { guid: expect.any(String) },
    });
  expect(JSON.stringify(await events())).not.toMatch(/sessionId|ticket|access_token/i);
});

test.describe('in both storage modes', () => {
  // This test also runs in the storage-refused project, side by side with this file's others: its
  // person at the stand-in is for this browser's user agent only (a marker of this worker).
  const marker = `FoyerE2E/reauth-${randomUUID()}`;
  // axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
  test.use({ userAgent: `${DESKTOP_CHROME} ${marker}`, bypassCSP: true });

  test(
    'an account without a password confirms with its network, then changes its address through the mailed link',
    { tag: BOTH_STORAGE_MODES },
    async ({ page, request }) => {
      // Two popups, a registration, a mail and a confirmation page.
      test.setTimeout(60_000);
      const events = await recordHostEvents(page, SOCIAL_EVENTS);
      const person = await nextPerson('google', { forUserAgent: marker });
      const newAddress = `moved-${person.email}`;
      await registerWithGoogle(page);

      const edit = widgetFrame(page, 'edit-social-profile');
      await expect(edit.getByLabel('Email')).toHaveValue(person.email);
      await edit.getByLabel('Email').fill(newAddress);
      await edit.getByRole('button', { name: 'Submit' }).click();
      // No password to type: the visitor signs in with Google again to show it is still them.
      await expect(edit.getByText(/Your account has no password/)).toBeVisible();
      // A normal step, not a fault: no 'Session has expired.' for an account made a moment ago.
      await expect(edit.getByText('Session has expired.', { exact: false })).toHaveCount(0);
      // The other widgets of the page are untouched by the step-up: the login still says so.
      await expect(widgetFrame(page, 'login').getByText('You are logged in')).toBeVisible();
      await expect(edit.getByLabel(/password/i)).toHaveCount(0);
      expect(await axeViolations(widgetDocument(page, 'edit-social-profile'))).toEqual([]);
      const popup = page.waitForEvent('popup');
      await edit.getByRole('button', { name: 'Confirm with Google' }).click();
      await popupClosed(popup);
      await expect(edit.getByRole('button', { name: 'Confirm with Google' })).toHaveCount(0);
      // What was typed is still there; Submit again goes through.
      await expect(edit.getByLabel('Email')).toHaveValue(newAddress);
      await edit.getByRole('button', { name: 'Submit' }).click();
      await expect(edit.getByText(/Check your mail to confirm your new address/)).toBeVisible();
      await expect(edit.getByLabel('Email')).toHaveValue(person.email);
      await expect
        .poll(async () => (await events()).find((event) => event.name === 'socialProfile.updated')?.detail)
        .toEqual({
          statusCode: 202,
          message: 'Your account has been updated successfully.',
          response: expect.any(Object),
        });
      expect(JSON.stringify(await events())).not.toMatch(/sessionId|ticket|access_token/i);

      // The new address confirms the mailed link; Google then signs in to the account with that address.
      await new ProfileWidget(page).logOut();
      await page.goto(await mailedLink(request, newAddress, 'identifierChangeKey'));
      await expect(widgetFrame(page, 'confirm-identifier').getByRole('alert')).toHaveText(
        'Your new e-mail address is confirmed. Log in with it.',
      );
      await page.goto(`${stack.demoUrl}/social`);
      await signInWith(page, 'Google');
      await expect(widgetFrame(page, 'profile').getByText(newAddress)).toBeVisible();
    },
  );
});

// Issue 32, item 1: the social registration form has a way out that needs no page reload.
test("social registration's Cancel leaves the form for the sign-in form, and the page hears socialRegistration.cancelled", async ({
  page,
}) => {
  const events = await recordHostEvents(page, SOCIAL_EVENTS);
  await nextPerson('twitter');
  await page.goto(`${stack.demoUrl}/social`);
  const login = widgetFrame(page, 'login');
  await signInWith(page, 'X');
  await expect(login.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  // The registration panel has just replaced the form and the frame is still growing to fit it.
  await untilFramesSettled(page);
  await login.getByRole('button', { name: 'Cancel' }).click();
  await expect(login.getByRole('button', { name: 'Sign in with X' })).toBeVisible();
  await expect(login.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(login.getByRole('heading', { name: 'Create an Account' })).toHaveCount(0);
  await expect
    .poll(async () => (await events()).filter((event) => event.name === 'socialRegistration.cancelled'))
    .toEqual([{ name: 'socialRegistration.cancelled', detail: {} }]);
  // Nobody was registered or signed in.
  expect((await events()).map((event) => event.name)).not.toContain('socialRegister.success');
  await expect(login.getByText('You are logged in')).toHaveCount(0);
});

test('link to an existing account by logging in, from the social registration panel', async ({ page }) => {
  const events = await recordHostEvents(page, SOCIAL_EVENTS);
  await nextPerson('linkedin');
  await page.goto(`${stack.demoUrl}/social`);
  const login = widgetFrame(page, 'login');
  await signInWith(page, 'LinkedIn');
  // The registration panel has just replaced the form and the frame is still growing to fit it.
  await untilFramesSettled(page);
  await login.getByRole('button', { name: 'I already have a account' }).click();
  await expect(login.getByRole('heading', { name: 'Link an Account' })).toBeVisible();
  await login.getByLabel('Email').fill(DEMO_ACCOUNT.email);
  await login.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await login.getByRole('button', { name: 'Link Account' }).click();
  await expect(login.getByText('You are logged in')).toBeVisible();
  await expect.poll(async () => (await events()).map((event) => event.name)).toContain('socialLink.success');

  // The unlink widget beside it lists LinkedIn; unlinking works (the account has a password).
  const unlink = widgetFrame(page, 'unlink-accounts');
  // The login just gave way to one line: the frames below are moving up.
  await untilFramesSettled(page);
  await unlink.getByRole('button', { name: 'Unlink LinkedIn' }).click();
  await expect(unlink.getByRole('status').filter({ hasText: 'LinkedIn is no longer linked' })).toBeVisible();
});

test('link and unlink from the account page; an identity linked to another account is refused', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, two accounts, a link and an unlink: a long journey on a loaded machine.
  test.setTimeout(60_000);
  // An account of its own: the demo account's links change in the other journeys running beside it.
  const email = uniqueEmail();
  await createCustomer(request, email, 'social-links-pw-1');
  // Linking a network needs an address proven to be the account's (issue 24).
  await proveAddress(request, email, 'social-links-pw-1');
  const events = await recordHostEvents(page, SOCIAL_EVENTS);
  await page.goto(`${stack.demoUrl}/social`);
  await new LoginWidget(page).logInSettled(email, 'social-links-pw-1');
  const link = widgetFrame(page, 'link-accounts');
  const unlink = widgetFrame(page, 'unlink-accounts');
  /** What the page heard from `from` on: the link's and the unlink's (identity spec §4). */
  const heardSince = async (from: number) => (await events()).slice(from).map((event) => event.name);

  await nextPerson('facebook');
  let from = (await events()).length;
  const popup = page.waitForEvent('popup');
  await link.getByRole('button', { name: 'Link Facebook' }).click();
  await popupClosed(popup);
  await expect(link.getByRole('status').filter({ hasText: 'Facebook is now linked to your account.' })).toBeVisible();
  await expect.poll(() => heardSince(from)).toEqual(['session.refresh', 'socialSession.refresh', 'socialLink.success']);
  // The other frame hears of it and lists the new link.
  from = (await events()).length;
  await unlink.getByRole('button', { name: 'Unlink Facebook' }).click();
  await expect(unlink.getByRole('status').filter({ hasText: 'Facebook is no longer linked' })).toBeVisible();
  await expect
    .poll(() => heardSince(from))
    .toEqual(['session.refresh', 'socialSession.refresh', 'socialUnlink.success']);
  // The link widget offers Facebook again, and no longer says it is linked.
  await expect(link.getByRole('button', { name: 'Link Facebook' })).toBeVisible();
  await expect(link.getByText('Facebook is now linked to your account.')).toHaveCount(0);

  // Someone else signs up with a Google identity (another browser: its own storage)…
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await nextPerson('google');
  await other.goto(`${stack.widgetsUrl}/w/social-registration?serviceName=demo`);
  const popup2 = other.waitForEvent('popup');
  await other.getByRole('button', { name: 'Sign up with Google' }).click();
  await popupClosed(popup2);
  await other.getByRole('button', { name: 'Create Account' }).click();
  await expect(other.getByText('You are logged in')).toBeVisible();
  await otherContext.close();

  // …and the first account tries to link that same identity (the stand-in still signs in as them).
  const popup3 = page.waitForEvent('popup');
  await link.getByRole('button', { name: 'Link Google' }).click();
  await popupClosed(popup3);
  await expect(link.getByRole('alert')).toHaveText(/This social account is linked with a different account/);
});

test('linking needs a fresh proof: in another tab of a remembered login the password is asked first, by keyboard', async ({
  page,
  context,
}) => {
  // Issue 24, finding 4: a session alone (a stolen one, or this remembered one) does not link.
  test.setTimeout(60_000);
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);
  await login.email.fill(DEMO_ACCOUNT.email);
  await login.password.fill(DEMO_ACCOUNT.password);
  await login.frame.getByLabel(/remember me/i).check();
  await login.submit.click();
  await expect(new ProfileWidget(page).frame.getByText(DEMO_ACCOUNT.email)).toBeVisible();

  // Another tab: the login is remembered there, the proof the password gave in the first one is not.
  const tab = await context.newPage();
  await tab.goto(`${stack.demoUrl}/social`);
  const link = widgetFrame(tab, 'link-accounts');
  const linkX = link.getByRole('button', { name: 'Link X', exact: true });
  await expect(linkX).toBeVisible();
  await untilFramesSettled(tab);
  await nextPerson('twitter');
  const popup = tab.waitForEvent('popup');
  await linkX.click();
  await popupClosed(popup);
  await expect(link.getByRole('alert')).toContainText(
    'Please confirm it is you before you link or unlink a social network.',
  );
  await expect(linkX).toHaveCount(0);
  const password = link.getByLabel('Enter your password to continue');
  await password.fill(DEMO_ACCOUNT.password);
  await password.press('Enter');
  await expect(link.getByRole('status').filter({ hasText: 'X is now linked to your account.' })).toBeVisible();

  // Proved a moment ago in this tab: the unlink asks nothing more.
  await untilFramesSettled(tab);
  const unlink = widgetFrame(tab, 'unlink-accounts');
  await unlink.getByRole('button', { name: 'Unlink X', exact: true }).click();
  await expect(unlink.getByRole('status').filter({ hasText: 'X is no longer linked' })).toBeVisible();
});

test('a refusal at the provider and a closed popup show the spec texts', async ({ page }) => {
  const events = await recordHostEvents(page, SOCIAL_EVENTS);
  await page.goto(`${stack.demoUrl}/social`);
  const login = widgetFrame(page, 'login');

  await nextPerson('twitter', { deny: true });
  await signInWith(page, 'X');
  await expect(login.getByRole('alert')).toHaveText(/We are experiencing technical difficulties/);

  // The visitor closes the popup before answering (the provider's page fails to load here).
  // (Redirect targets cannot be intercepted: the popup's first request, to our server, fails instead.)
  const authorize = new URL(`${stack.widgetsUrl}/ic/api/social/twitter/authorize`);
  await page.context().route(
    (url) => url.origin === authorize.origin && url.pathname === authorize.pathname,
    (route) => route.abort(),
  );
  const popup = page.waitForEvent('popup');
  await login.getByRole('button', { name: 'Sign in with X' }).click();
  await (await popup).close();
  await expect(login.getByRole('alert')).toHaveText(/The sign-in window was closed before it finished/);
  expect((await events()).filter((event) => event.name.startsWith('social'))).toEqual([]);
});
