/**
 * The site owner's console (issue 28) in a real browser against the real stack, on a stack of its
 * own (it changes the catalogue and locks and erases accounts): the demo owner signs in with the
 * TOTP of the seeded secret, finds people, confirms a bank transfer (the visitor's purchase then
 * shows Active in their account area), refunds a card payment, adds a plan (offered in the shop
 * after a reload), locks an account (its login refused), exports and erases another, and finds
 * each in the audit log; a support operator made in the console sees no Refund and is refused by
 * the API. axe finds nothing on any console page.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { startStack, type RunningStack } from '../../scripts/stack-process';
import { test } from '../support/api-test';
import { axeViolations } from '../support/axe';
import { apiSession, createCustomer, Shop, uniqueEmail } from '../support/purchase';
import { E2E_ENV } from '../support/stack';
import { LoginWidget, widgetFrame } from '../support/widgets';

const OWNER = { email: 'admin@foyer.test', password: 'foyer-admin-1', totpSecret: 'JBSWY3DPEHPK3PXP' };
const PASSWORD = 'console-visitor-1';

let own: RunningStack;
const shared = { widgets: process.env.FOYER_WIDGETS_URL, demo: process.env.FOYER_DEMO_URL };
test.beforeAll(async () => {
  test.setTimeout(90_000);
  own = await startStack(['--ephemeral', '--e2e-fixtures'], { env: E2E_ENV });
  process.env.FOYER_WIDGETS_URL = own.widgetsUrl;
  process.env.FOYER_DEMO_URL = own.demoUrl;
});
test.afterAll(async () => {
  process.env.FOYER_WIDGETS_URL = shared.widgets;
  process.env.FOYER_DEMO_URL = shared.demo;
  await own?.stop();
});
// axe is injected as a script: the console's CSP (default-src 'self') would refuse it.
test.use({ bypassCSP: true });

/** The owner's code: a code is good once, so each sign-in takes the next 30-second step. */
let lastStep = 0;
function ownerCode(): string {
  const step = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1);
  lastStep = step;
  return new TOTP({ secret: Secret.fromBase32(OWNER.totpSecret) }).generate({ timestamp: step * 30_000 });
}

/** axe on the page once it has drawn what it loads (its heading, no "Loading…" left); a dialog is checked as it is. */
async function axeClean(page: Page, where: string, { dialog = false } = {}): Promise<void> {
  if (!dialog) {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  }
  expect(await axeViolations(page), `axe on ${where}`).toEqual([]);
}

async function signIn(page: Page, email: string, password: string, code?: () => string): Promise<void> {
  await page.goto(`${own.widgetsUrl}/admin/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (code) {
    await page.getByLabel('6-digit code').fill(code());
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
}

/** An order of demo-digital's monthly plan, paid by bank transfer (awaiting the owner) or by a test card. */
async function placeOrder(
  request: APIRequestContext,
  email: string,
  paymentType: 'BANK_TRANSFER' | 'CARD',
): Promise<string> {
  const session = await apiSession(request, email, PASSWORD);
  const pm = `${own.widgetsUrl}/pm/api`;
  const order = await request.post(`${pm}/widget/order?ev_ss=${session}`, {
    data: { orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur' }], paymentType },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  const paid = await request.post(`${pm}/widget/payment/${id}?ev_ss=${session}`, {
    data: { token: paymentType === 'CARD' ? 'pm_card_visa' : 'manual' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return id;
}

async function openAccount(page: Page, email: string): Promise<void> {
  await page.goto(`${own.widgetsUrl}/admin/accounts`);
  await page.getByLabel('E-mail or guid').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
}

test('the demo owner runs the site from the console, and a support operator cannot refund', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const payer = uniqueEmail();
  const cardPayer = uniqueEmail();
  const locked = uniqueEmail();
  const erased = uniqueEmail();
  for (const email of [payer, cardPayer, locked, erased]) await createCustomer(request, email, PASSWORD);
  const transferOrder = await placeOrder(request, payer, 'BANK_TRANSFER');
  const cardOrder = await placeOrder(request, cardPayer, 'CARD');

  await test.step('sign in with the password, then the code', async () => {
    await page.goto(`${own.widgetsUrl}/admin/`);
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    await axeClean(page, 'sign-in');
    await signIn(page, OWNER.email, OWNER.password, ownerCode);
    await axeClean(page, 'home');
  });

  await test.step('find the demo account and its purchases', async () => {
    await openAccount(page, 'demo@foyer.test');
    await expect(page.getByRole('heading', { level: 2, name: 'Purchases' })).toBeVisible();
    await axeClean(page, 'account');
    await page.goto(`${own.widgetsUrl}/admin/accounts`);
    await axeClean(page, 'accounts');
  });

  await test.step('confirm a bank transfer: the visitor sees the purchase active', async () => {
    await page.goto(`${own.widgetsUrl}/admin/orders`);
    await expect(
      page.getByRole('link', { name: new RegExp(transferOrder.slice(0, 8)) }).or(page.getByText(payer)),
    ).not.toHaveCount(0);
    await axeClean(page, 'orders');
    await page.goto(`${own.widgetsUrl}/admin/orders/${transferOrder}`);
    await axeClean(page, 'order');
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page.getByRole('button', { name: 'Confirm payment' })).toHaveCount(0);

    const visitor = await browser.newPage();
    await visitor.goto(`${own.demoUrl}/my-account`);
    await new LoginWidget(visitor).logInSettled(payer, PASSWORD);
    const row = widgetFrame(visitor, 'purchases-list').getByRole('row', { name: /Digital access — Monthly/ });
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^Active/);
    await visitor.close();
  });

  await test.step('refund a card payment', async () => {
    await page.goto(`${own.widgetsUrl}/admin/orders/${cardOrder}`);
    await page.getByRole('button', { name: /^Refund payment / }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(/^Amount/)).toBeVisible();
    await axeClean(page, 'refund dialog', { dialog: true });
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Refund payment / })).toHaveCount(0);
  });

  await test.step('add a plan: the shop offers it after a reload', async () => {
    await page.goto(`${own.widgetsUrl}/admin/configuration`);
    await axeClean(page, 'configuration');
    await page.getByLabel('Product', { exact: true }).selectOption('demo-digital');
    await page.getByLabel('Plan id', { exact: true }).fill('digital-quarterly-console');
    await page.getByLabel('Name shown to visitors', { exact: true }).fill('Quarterly');
    await page.getByLabel('Description', { exact: true }).fill('Three months at a time');
    await page.getByLabel('Price (e.g. 9.99)', { exact: true }).fill('27.00');
    await page.getByLabel('Billed every', { exact: true }).selectOption('MONTH3');
    await page.getByRole('button', { name: 'Add the plan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    const shopper = await browser.newPage();
    const shop = new Shop(shopper);
    await shop.open();
    await expect(shop.plan('Quarterly', 'Digital access')).toBeVisible();
    await shopper.close();
  });

  await test.step('lock an account: its login is refused', async () => {
    await openAccount(page, locked);
    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The account is locked.' })).toBeVisible();
    const visitor = await browser.newPage();
    await visitor.goto(`${own.demoUrl}/my-account`);
    const login = new LoginWidget(visitor);
    await login.logIn(locked, PASSWORD);
    await expect(login.alert).toContainText('Your account is locked');
    await visitor.close();
  });

  await test.step('export an account, then delete it', async () => {
    await openAccount(page, erased);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('link', { name: 'Export' })
        .or(page.getByRole('button', { name: 'Export' }))
        .click(),
    ]);
    const exported = JSON.parse(
      await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString()),
    ) as {
      account: { email: string };
    };
    expect(exported.account.email).toBe(erased);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this account?' });
    await expect(dialog.getByRole('textbox')).toBeVisible();
    await axeClean(page, 'delete dialog', { dialog: true });
    await dialog.getByRole('textbox').fill(erased);
    await dialog.getByRole('button', { name: 'Delete the account' }).click();
    await expect(page.getByText(/erased/i).first()).toBeVisible();
  });

  await test.step('the other pages pass axe, and the audit log lists every action', async () => {
    for (const path of ['subscriptions', 'dashboard', 'webhooks', 'operators']) {
      await page.goto(`${own.widgetsUrl}/admin/${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      await axeClean(page, path);
    }
    await page.goto(`${own.widgetsUrl}/admin/audit`);
    for (const action of [
      'order.confirm_payment',
      'payment.refund',
      'config.section.replace',
      'account.lock',
      'account.export',
      'account.erase',
    ])
      await expect(page.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
    await axeClean(page, 'audit');
  });

  await test.step('on a 320 px phone: the sections behind Menu, nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 320, height: 740 });
    for (const path of ['', 'accounts', `orders/${cardOrder}`, 'dashboard', 'configuration', 'audit']) {
      await page.goto(`${own.widgetsUrl}/admin/${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `/admin/${path} is wider than the screen`).toBeLessThanOrEqual(0);
    }
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await axeClean(page, 'orders at 320 px');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  const support = { email: uniqueEmail(), password: 'support-operator-1', totpSecret: '' };
  await test.step('an owner makes a support operator', async () => {
    await page.goto(`${own.widgetsUrl}/admin/operators`);
    await page.getByLabel('E-mail address', { exact: true }).fill(support.email);
    await page.getByLabel('Name', { exact: true }).fill('Sam Support');
    await page.getByLabel('Role', { exact: true }).selectOption('support');
    await page.getByLabel('Password (at least 12 characters)', { exact: true }).fill(support.password);
    await page.getByRole('button', { name: 'Create operator' }).click();
    await expect(page.getByRole('cell', { name: support.email })).toBeVisible();
    // A second factor by default; its secret is shown this once.
    support.totpSecret = (await page
      .locator('code')
      .filter({ hasText: /^[A-Z2-7]{16,}$/ })
      .first()
      .textContent())!;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('E-mail address')).toBeVisible();
  });

  await test.step('support signs in by keyboard alone; sees no Refund, and the API refuses it', async () => {
    await page.goto(`${own.widgetsUrl}/admin/login`);
    // The form is drawn once the console's script has run: Tab then reaches its first field.
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('E-mail address')).toBeFocused();
    await page.keyboard.type(support.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(support.password);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('6-digit code')).toBeFocused();
    await page.keyboard.type(new TOTP({ secret: Secret.fromBase32(support.totpSecret) }).generate());
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    // The first stop on every page is the skip link, which takes focus past the navigation.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    await page.goto(`${own.widgetsUrl}/admin/orders/${cardOrder}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /Refund/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Operators' })).toHaveCount(0);
    const session = (await (await page.request.get(`${own.widgetsUrl}/admin/api/session`)).json()) as {
      csrfToken: string;
    };
    const detail = (await (await page.request.get(`${own.widgetsUrl}/admin/api/orders/${cardOrder}`)).json()) as {
      payments: { id: string }[];
    };
    const refused = await page.request.post(`${own.widgetsUrl}/admin/api/payments/${detail.payments[0]!.id}/refund`, {
      headers: { 'x-foyer-csrf': session.csrfToken },
      data: {},
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('FORBIDDEN');
  });
});
