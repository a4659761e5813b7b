/**
 * Sessions across sites, in a real browser (issue 24, finding 13). The stack's server answers on
 * two origins, http://127.0.0.1:<port> (its public URL: the frames' origin) and
 * http://localhost:<port>; the e2e SSO group service names the second as a participating domain.
 *
 * - Seamless sign-in reaches the other origin and is accepted there: the frame's CSP allows the
 *   image, and the image names the widgets origin as its Referer although the frame page itself
 *   sends none (its no-referrer policy), so the server's Referer check passes.
 * - The frames adopt a shared session only from the server (`GET /session/sso`, which reads its
 *   own HttpOnly `__Host-` cookie): a script-readable `evolok_sso` cookie planted with someone
 *   else's session is not adopted, and `sso_logout.gif` shown by another page logs nobody out.
 *
 * Whether the browser keeps a cookie an image sets for a cross-site frame is its third-party
 * cookie policy (this Chromium keeps none, as Chrome with third-party cookies blocked): the shared
 * session is checked first-party, in frames opened at the top level.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatAuthorization } from '@foyer/api';
import { frameHeaders } from '@foyer/api/frame-headers';
import { SSO_GROUP_SERVICE } from '../../scripts/e2e-fixtures';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { LoginWidget } from '../support/widgets';

/** The server under its second name. */
const otherOrigin = () => {
  const url = new URL(stack.widgetsUrl);
  url.hostname = 'localhost';
  return url.origin;
};

/** A session of the demo account made through the API: someone else's, for planting. */
async function apiSession(page: Page): Promise<string> {
  const created = await page.request.post(`${stack.widgetsUrl}/ic/api/session`, {
    headers: { authorization: formatAuthorization({ serviceName: 'demo' }), ...(await frameHeaders(stack.widgetsUrl)) },
    data: {
      realmName: 'default',
      authenticationSchemeName: 'default',
      identifiers: [{ name: 'email', value: DEMO_ACCOUNT.email }],
      validators: [{ name: 'password', value: DEMO_ACCOUNT.password }],
    },
  });
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { mainSession: { sessionId: string } }).mainSession.sessionId;
}

/** The profile frame opened at the top level: first-party, its SSO refresh runs. */
async function openProfileFrame(page: Page): Promise<void> {
  await page.goto(`${stack.widgetsUrl}/w/profile?serviceName=demo`);
}

test('seamless sign-in reaches the SSO group’s other origin, named by the widgets origin, and is accepted there', async ({
  page,
}) => {
  await page.addInitScript((serviceName) => {
    (window as unknown as { FoyerSettings: unknown }).FoyerSettings = { serviceName };
  }, SSO_GROUP_SERVICE);
  const other = otherOrigin();
  const seamless = page.waitForResponse(
    (response) => response.url().startsWith(`${other}/ic/api/session/`) && response.url().endsWith('/sso.gif'),
  );
  await page.goto(`${stack.demoUrl}/login-only`);
  await new LoginWidget(page).logIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  const response = await seamless;
  expect(await response.request().headerValue('referer')).toBe(`${new URL(stack.widgetsUrl).origin}/`);
  // The token was taken: the other origin answers the image and sets its (HttpOnly) SSO cookie.
  expect(response.status()).toBe(200);
  expect(await response.headerValue('set-cookie')).toMatch(/^__Host-evolok_sso=[\w-]+; .*HttpOnly/);
  await expect(new LoginWidget(page).frame.getByText('You are logged in')).toBeVisible();
});

test('a frame adopts the session the server’s SSO cookie names, never a planted script-readable one', async ({
  context,
  page,
}) => {
  // Someone else's live session, in the cookie the frames used to read (as a sibling site could write it).
  const planted = await apiSession(page);
  await context.addCookies([{ name: 'evolok_sso', value: planted, url: stack.widgetsUrl }]);
  await openProfileFrame(page);
  await expect(page.getByText(/not logged in/i)).toBeVisible();
  await expect(page.getByText(DEMO_ACCOUNT.email)).toHaveCount(0);

  // The real thing: a login in a first-party frame; its seamless sign-in sets the server's cookie,
  // and a frame opened afterwards in another tab adopts that session through GET /session/sso.
  const login = await context.newPage();
  await login.goto(`${stack.widgetsUrl}/w/login?serviceName=demo`);
  const own = login.waitForResponse(
    (response) =>
      response.url().startsWith(`${stack.widgetsUrl}/ic/api/session/`) && response.url().endsWith('/sso.gif'),
  );
  await login.getByLabel('Email').fill(DEMO_ACCOUNT.email);
  await login.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await login.getByRole('button', { name: /^log ?in$/i }).click();
  expect((await own).status()).toBe(200);
  await expect
    .poll(async () => (await context.cookies(stack.widgetsUrl)).find((cookie) => cookie.name === '__Host-evolok_sso'))
    .toMatchObject({ httpOnly: true, secure: true });

  const adopted = await context.newPage();
  await openProfileFrame(adopted);
  await expect(adopted.getByText(DEMO_ACCOUNT.email)).toBeVisible();
});

test('sso_logout.gif shown by another page logs nobody out (logout CSRF)', async ({ context, page }) => {
  await page.goto(`${stack.widgetsUrl}/w/login?serviceName=demo`);
  await page.getByLabel('Email').fill(DEMO_ACCOUNT.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect
    .poll(async () => (await context.cookies(stack.widgetsUrl)).some((cookie) => cookie.name === '__Host-evolok_sso'))
    .toBe(true);

  // An attacker's page (the demo site stands in for any other site) shows the logout image.
  const attacker = await context.newPage();
  await attacker.goto(`${stack.demoUrl}/loader-only`);
  const shown = attacker.waitForResponse((response) => response.url().endsWith('/sso_logout.gif'));
  await attacker.evaluate((url) => {
    const image = new Image();
    image.src = url;
    document.body.append(image);
  }, `${stack.widgetsUrl}/ic/api/session/sso_logout.gif`);
  expect((await shown).status()).toBe(404);

  // The shared session is still there: a frame opened now adopts it.
  const later = await context.newPage();
  await openProfileFrame(later);
  await expect(later.getByText(DEMO_ACCOUNT.email)).toBeVisible();
});
