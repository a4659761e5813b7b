/**
 * Sessions across pages (issue 3, identity spec §4): two host pages in one browser share the
 * session, and a session that ends on the server shows logged-out in every widget of the page.
 * Both pages are on the demo site: Chromium partitions a cross-site frame's storage per top-level
 * site, so pages of one site share the frames' storage while unrelated sites do not.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { LoginWidget, ProfileWidget, recordHostEvents, widgetFrame } from '../support/widgets';
import { frameHeaders } from '@foyer/api/frame-headers';

test('two host pages in one browser share the session, logging in and out', async ({ context }) => {
  const a = await context.newPage();
  await a.goto(`${stack.demoUrl}/sso-a`);
  await new LoginWidget(a).logIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(new ProfileWidget(a).frame.getByText(DEMO_ACCOUNT.email)).toBeVisible();

  // Page B, opened afterwards in the same browser, starts logged in.
  const b = await context.newPage();
  await b.goto(`${stack.demoUrl}/sso-b`);
  const profileB = new ProfileWidget(b);
  await expect(profileB.frame.getByText(DEMO_ACCOUNT.email)).toBeVisible();
  await expect(new LoginWidget(b).frame.getByText('You are logged in')).toBeVisible();

  // Logging out on B reaches the widgets on A without a reload.
  await profileB.logOut();
  await expect(new ProfileWidget(a).frame.getByText(/not logged in/i)).toBeVisible();
  await expect(new LoginWidget(a).email).toBeVisible();
  await expect(widgetFrame(a, 'change-password').getByRole('alert')).toHaveText('Not logged-in!');
});

test('a session ended on the server: session.expired and every widget shows logged-out', async ({ page, request }) => {
  const hostEvents = await recordHostEvents(page);
  // The session id stays in the frames unless the site owner opts in; this test page's own session
  // is created through the API so the test knows its id.
  const created = await request.post(`${stack.widgetsUrl}/ic/api/session`, {
    headers: { authorization: 'Evolok evolok.api.service=demo', ...(await frameHeaders(stack.widgetsUrl)) },
    data: {
      realmName: 'default',
      authenticationSchemeName: 'default',
      identifiers: [{ name: 'email', value: DEMO_ACCOUNT.email }],
      validators: [{ name: 'password', value: DEMO_ACCOUNT.password }],
      rememberMe: true,
    },
  });
  expect(created.ok()).toBe(true);
  const session = (await created.json()) as { guid: string; mainSession: { sessionId: string; expiry: number } };
  // Put it where the frames keep it (their origin's storage, partitioned for the demo site).
  await page.goto(`${stack.demoUrl}/sso-a`);
  const profile = new ProfileWidget(page);
  await expect(profile.frame.getByText(/not logged in/i)).toBeVisible();
  const frame = page.frames().find((f) => f.url().includes('/w/profile'))!;
  await frame.evaluate((stored) => localStorage.setItem('evolok.session', JSON.stringify(stored)), {
    guid: session.guid,
    sessionId: session.mainSession.sessionId,
    expiry: session.mainSession.expiry,
    sessionCookie: false,
  });
  await page.reload();
  await expect(new ProfileWidget(page).frame.getByText(DEMO_ACCOUNT.email)).toBeVisible();
  await expect(new LoginWidget(page).frame.getByText('You are logged in')).toBeVisible();
  await expect(widgetFrame(page, 'change-password').getByLabel('New password', { exact: true })).toBeVisible();

  const deleted = await request.delete(`${stack.widgetsUrl}/ic/api/session/${session.mainSession.sessionId}`, {
    headers: await frameHeaders(stack.widgetsUrl),
  });
  expect(deleted.status()).toBe(204);

  // The profile's next refresh (every 3 s on this page) meets the dead session.
  await expect(page.locator('#event-log')).toContainText('foyer:session.expired', { timeout: 15_000 });
  await expect(new ProfileWidget(page).frame.getByText(/not logged in/i)).toBeVisible();
  await expect(new LoginWidget(page).email).toBeVisible();
  await expect(widgetFrame(page, 'change-password').getByRole('alert')).toHaveText('Not logged-in!');
  const events = await hostEvents();
  expect(events.filter((event) => event.name === 'session.expired')).toHaveLength(1);
  // The host page's logged-in flag follows (issue 32, item 15).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('evolok.loggedIn'))).toBe('false');
  expect(await page.evaluate(() => document.cookie)).not.toContain('evolok_loggedIn=true');
});
