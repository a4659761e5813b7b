/**
 * The site's own backend (issue 26), in a real browser against the real stack: a reader logs in
 * on a page of the demo site, `Foyer.getToken()` answers a visitor token that verifies against
 * the widgets server's JWKS, and the demo's own server (`/premium-server/<article>`, checked with
 * `@foyer/node`) sends the premium text only for a token carrying the entitlement — never to a
 * request without one. Buying the plan makes the widgets server tell the demo's backend:
 * `payment.succeeded` and `subscription.created` appear in its list of verified webhooks.
 */
import { expect, type Page } from '@playwright/test';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { test } from '../support/api-test';
import { axeViolations } from '../support/axe';
import { createCustomer, Shop, uniqueEmail } from '../support/purchase';
import { stack } from '../support/stack';
import { LoginWidget } from '../support/widgets';

const PASSWORD = 'backend-pw-1';
const ARTICLE = '/premium-server/river-library';
/** A sentence of the article's premium body (apps/demo/src/premium-articles.ts). */
const PREMIUM = 'busiest shelf';
const TEASER = 'four thousand books';

interface Delivery {
  id: string;
  type: string;
  data: { accountId?: string; productName?: string };
}

/** The token the page's own script would hand its server. */
const pageToken = (page: Page) =>
  page.evaluate(() => (window as unknown as { Foyer: { getToken(): Promise<string | null> } }).Foyer.getToken());

/**
 * The premium article, logged in: a reader whose session the browser kept is recognised at once;
 * one whose browser refuses the widgets' storage logs in again in the page's Subscribers form.
 */
async function readAsSubscriber(page: Page, email: string): Promise<void> {
  await page.goto(`${stack.demoUrl}${ARTICLE}`);
  const body = page.locator('#premium-body');
  const login = new LoginWidget(page);
  // The page's script has asked for a token and its server answered: the body, or the teaser only.
  await expect(body).toHaveAttribute('data-state', /^(premium|teaser)$/);
  if ((await body.getAttribute('data-state')) === 'teaser') await login.logInSettled(email, PASSWORD);
  await expect(body).toContainText(PREMIUM);
}

test(
  "a logged-in reader's visitor token opens the premium article on the site's own server once they have bought the plan, and the site's backend is told",
  { tag: BOTH_STORAGE_MODES },
  async ({ page, request }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail();
    await createCustomer(request, email, PASSWORD);

    // Without a token (curl, JavaScript off) the site's server never sends the premium text.
    const bare = await request.get(`${stack.demoUrl}${ARTICLE}`);
    expect(bare.ok()).toBe(true);
    const html = await bare.text();
    expect(html).toContain(TEASER);
    expect(html).not.toContain(PREMIUM);
    expect((await request.get(`${stack.demoUrl}${ARTICLE}/content`)).status()).toBe(401);

    // Logged out: no token. Logged in: a token the JWKS verifies, for this service and account.
    await page.goto(`${stack.demoUrl}${ARTICLE}`);
    const login = new LoginWidget(page);
    await expect(login.email).toBeVisible();
    expect(await pageToken(page)).toBeNull();
    await login.logInSettled(email, PASSWORD);
    const token = await pageToken(page);
    expect(token).toEqual(expect.any(String));
    const jwks = createRemoteJWKSet(new URL(`${stack.widgetsUrl}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(token!, jwks, { issuer: stack.widgetsUrl, audience: 'demo' });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    expect(payload.entitlements).toEqual([]);
    expect(JSON.stringify(payload)).not.toContain(await sessionOf(page));
    const accountId = payload.sub!;

    // Not entitled yet: the server refuses the body; the page keeps the teaser.
    const refused = await request.get(`${stack.demoUrl}${ARTICLE}/content`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
    await expect(page.locator('#premium-body')).toHaveAttribute('data-state', 'teaser');

    // Buy the monthly digital plan in the shop, by the test card that pays.
    const shop = new Shop(page);
    await shop.open();
    await shop.pick('Monthly', 'Digital access');
    await shop.press(shop.checkout);
    // Logged in on the article a moment ago: a browser that keeps the widgets' storage skips the login step.
    const loginStep = shop.step('login').getByLabel('Email');
    await expect.poll(async () => (await loginStep.isVisible()) || (await shop.saveProfile.isVisible())).toBe(true);
    if (await loginStep.isVisible()) await shop.logInInModal(email, PASSWORD);
    await shop.press(shop.saveProfile);
    await shop.press(shop.confirmOrder);
    await shop.testCard.selectOption('pm_card_visa');
    await shop.press(shop.pay);
    await expect(shop.paid).toBeVisible();

    // Now the article's own server sends the premium body to this reader.
    await readAsSubscriber(page, email);

    // The demo's backend verified the deliveries of this account's purchase (Standard Webhooks).
    await expect
      .poll(async () => {
        const list = (await (await request.get(`${stack.demoUrl}/webhooks.json`)).json()) as { deliveries: Delivery[] };
        return list.deliveries
          .filter((delivery) => delivery.data.accountId === accountId)
          .map((delivery) => delivery.type)
          .sort();
      })
      .toEqual(expect.arrayContaining(['account.created', 'payment.succeeded', 'subscription.created']));
    expect(await axeViolations(page), 'the premium article').toEqual([]);
    await page.goto(`${stack.demoUrl}/webhooks`);
    await expect(page.getByRole('cell', { name: 'subscription.created' }).first()).toBeVisible();
    expect(await axeViolations(page), 'the webhook list').toEqual([]);
  },
);

/** The session id the widget frames keep (tab or persistent storage of the widgets origin), or '' when none. */
async function sessionOf(page: Page): Promise<string> {
  const frame = page.frames().find((candidate) => candidate.url().includes('/w/login'));
  if (!frame) return '';
  const id = await frame.evaluate(() => {
    try {
      const raw = sessionStorage.getItem('evolok.session') ?? localStorage.getItem('evolok.session');
      return raw ? (JSON.parse(raw) as { sessionId: string }).sessionId : '';
    } catch {
      return '';
    }
  });
  // Storage refused: the session lives in the frames' memory only; an empty id proves nothing.
  return id || 'no-session-id-to-look-for';
}
