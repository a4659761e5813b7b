/**
 * Subscriptions that renew (issue 25), in a real browser against the real stack: a customer buys
 * the monthly digital plan in the shop with the test card that pays now and declines its renewals
 * (pm_card_chargeCustomerFail), the test clock moves the server a month on, the renewal fails —
 * "Past due" on My account and the payment-failed mail — and "Update payment" with the card that
 * pays (pm_card_visa) makes the subscription Active again with its next period.
 *
 * The clock moves the whole server's time, so this file runs on a stack of its own (the same
 * stack as global-setup's, started for it): the specs beside it keep their server's today.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { forgetFrameTokens } from '@foyer/api/frame-headers';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { startStack, type RunningStack } from '../../scripts/stack-process';
import { test } from '../support/api-test';
import { outbox } from '../support/mailbox';
import { createCustomer, Shop, uniqueEmail } from '../support/purchase';
import { E2E_ENV, stack } from '../support/stack';
import { LoginWidget, untilFramesSettled, widgetFrame } from '../support/widgets';

const PASSWORD = 'renewals-pw-1';
const PLAN = 'Digital access — Monthly';

let own: RunningStack;
const shared = { widgets: process.env.FOYER_WIDGETS_URL, demo: process.env.FOYER_DEMO_URL };
test.beforeAll(async () => {
  test.setTimeout(90_000);
  own = await startStack(['--ephemeral', '--e2e-fixtures'], { env: E2E_ENV });
  // The support helpers (Shop, createCustomer, the mailbox) read the stack's URLs from here.
  process.env.FOYER_WIDGETS_URL = own.widgetsUrl;
  process.env.FOYER_DEMO_URL = own.demoUrl;
});
// A test moved the server's clock a month on: the frame tokens the helpers fetched before have expired.
test.afterEach(() => forgetFrameTokens());
test.afterAll(async () => {
  process.env.FOYER_WIDGETS_URL = shared.widgets;
  process.env.FOYER_DEMO_URL = shared.demo;
  await own?.stop();
});

/** A dd-MMM-yyyy date of the purchases list as a time (UTC midnight). */
function listDate(text: string): number {
  const match = /(\d{2})-([A-Z][a-z]{2})-(\d{4})/.exec(text);
  if (!match) throw new Error(`no dd-MMM-yyyy date in "${text}"`);
  return Date.parse(`${match[1]} ${match[2]} ${match[3]} UTC`);
}

/**
 * My account, logged in. The session may have ended before (storage refused: it lived in the
 * frames' memory of the previous page; or a month went by on the server's clock and the session
 * with it): then the page's login widget asks, as it would ask a visitor back after a month.
 */
async function openMyAccount(page: Page, email: string): Promise<Locator> {
  await page.goto(`${stack.demoUrl}/my-account`);
  const list = widgetFrame(page, 'purchases-list');
  const row = list.getByRole('row', { name: new RegExp(PLAN) });
  const askedToLogIn = list.getByText('Please log in to see this.');
  await expect(row.or(askedToLogIn)).toBeVisible();
  if (await askedToLogIn.isVisible()) await new LoginWidget(page).logInSettled(email, PASSWORD);
  await expect(row).toBeVisible();
  await untilFramesSettled(page);
  return row;
}

/**
 * A new customer at the shop's payment step for the monthly digital plan (logged in, profile
 * saved, order confirmed): the test card provider's step, in test mode.
 */
async function newCustomerAtPayment(page: Page, request: APIRequestContext): Promise<{ email: string; shop: Shop }> {
  const email = uniqueEmail();
  await createCustomer(request, email, PASSWORD);
  const shop = new Shop(page);
  await shop.open();
  await shop.pick('Monthly', 'Digital access');
  await shop.press(shop.checkout);
  await shop.logInInModal(email, PASSWORD);
  await shop.press(shop.saveProfile);
  await shop.press(shop.confirmOrder);
  await expect(shop.step('payment').getByText('Test mode', { exact: true })).toBeVisible();
  return { email, shop };
}

test(
  'a monthly plan whose card declines the renewal goes Past due with a mail, and Update payment makes it Active again',
  { tag: BOTH_STORAGE_MODES },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    // Buy the monthly plan by card: the payment step is the test card provider's, in test mode.
    const { email, shop } = await newCustomerAtPayment(page, request);
    await shop.testCard.selectOption('pm_card_chargeCustomerFail');
    await shop.press(shop.pay);
    await expect(shop.paid).toBeVisible();

    // My account: Active, renewing at the end of its first month.
    let row = await openMyAccount(page, email);
    const status = () => row.getByRole('cell').nth(3);
    await expect(status()).toHaveText(/^Active Renews on \d{2}-[A-Z][a-z]{2}-\d{4}$/);
    const firstRenewal = listDate(await status().innerText());

    // A month and a bit later on the server's clock: the renewal is charged off session and declined.
    const advanced = await request.post(`${stack.widgetsUrl}/dev/clock`, { data: { advance: 'P32D' } });
    expect(advanced.ok(), await advanced.text()).toBe(true);
    const { now } = (await advanced.json()) as { now: string };
    expect(Date.parse(now)).toBeGreaterThan(firstRenewal);

    row = await openMyAccount(page, email);
    await expect(status()).toHaveText(
      /^Past due Payment failed — access until \d{2}-[A-Z][a-z]{2}-\d{4} Update payment$/,
    );
    expect(listDate(await status().innerText())).toBeGreaterThanOrEqual(firstRenewal);

    // The payment-failed mail, with a link back to the site to fix the payment.
    await expect
      .poll(async () =>
        (await outbox(request)).some(
          (mail) =>
            mail.to === email &&
            /pay/i.test(mail.subject) &&
            /fail|declin|could not|unsuccessful/i.test(`${mail.subject} ${mail.text}`) &&
            mail.text.includes(stack.demoUrl),
        ),
      )
      .toBe(true);

    // Update payment: the dialog takes the card that pays, through the same test card form.
    const list = widgetFrame(page, 'purchases-list');
    const update = row.getByRole('button', { name: `Update payment for ${PLAN}` });
    await update.click();
    const dialog = list.getByRole('dialog', { name: `Update payment for ${PLAN}` });
    // The renewal is due at the plan's full price (the 1 € trial was the first month's only).
    await expect(dialog.getByText('Amount due: €9.99', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Test mode', { exact: true })).toBeVisible();
    await dialog.getByLabel('Test card').selectOption('pm_card_visa');
    // The open dialog grew the list's frame (and the frames below moved): settled before pressing Pay.
    await untilFramesSettled(page);
    await dialog.getByRole('button', { name: /^Pay \S/ }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      new RegExp(`^Payment received: ${PLAN} is active again\\. It renews on \\d{2}-[A-Z][a-z]{2}-\\d{4}\\.$`),
    );

    // Closed: the row is Active again, renewing a period later than before.
    await untilFramesSettled(page);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);
    await expect(status()).toHaveText(/^Active Renews on \d{2}-[A-Z][a-z]{2}-\d{4}$/);
    expect(listDate(await status().innerText())).toBeGreaterThan(firstRenewal);
    // The focus went to the row's status: its Update payment button is gone.
    await expect(row.getByRole('button', { name: /^Update payment/ })).toHaveCount(0);
    await expect(row.locator('.purchase-status')).toBeFocused();
  },
);

test(
  'a renewal that needs 3-D Secure is confirmed with the bank from Update payment, without a second charge',
  { tag: BOTH_STORAGE_MODES },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    // Bought with the card that asks for 3-D Secure on every charge: the first one is passed here.
    const { email, shop } = await newCustomerAtPayment(page, request);
    await shop.testCard.selectOption('pm_card_authenticationRequired');
    await shop.press(shop.pay);
    const payment = shop.step('payment');
    const firstChallenge = payment.getByRole('dialog', { name: 'Test 3-D Secure' });
    await firstChallenge.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(shop.paid).toBeVisible();

    let row = await openMyAccount(page, email);
    const status = () => row.getByRole('cell').nth(3);
    await expect(status()).toHaveText(/^Active Renews on /);
    const firstRenewal = listDate(await status().innerText());

    // A month on: the renewal's off-session charge waits for the bank; the mail asks to confirm.
    const advanced = await request.post(`${stack.widgetsUrl}/dev/clock`, { data: { advance: 'P32D' } });
    expect(advanced.ok(), await advanced.text()).toBe(true);
    row = await openMyAccount(page, email);
    await expect(status()).toHaveText(/^Past due .* Update payment$/);
    await expect
      .poll(async () =>
        (await outbox(request)).some((mail) => mail.to === email && /^Confirm your .* payment$/.test(mail.subject)),
      )
      .toBe(true);

    // Update payment offers to confirm the renewal's own charge first (no card form).
    const list = widgetFrame(page, 'purchases-list');
    await row.getByRole('button', { name: `Update payment for ${PLAN}` }).click();
    const dialog = list.getByRole('dialog', { name: `Update payment for ${PLAN}` });
    await expect(dialog.getByText('Your bank asks you to confirm the renewal payment of €9.99.')).toBeVisible();
    await expect(dialog.getByLabel('Test card')).toHaveCount(0);
    await untilFramesSettled(page);
    await dialog.getByRole('button', { name: 'Confirm with your bank' }).click();
    const challenge = list.getByRole('dialog', { name: 'Test 3-D Secure' });
    await untilFramesSettled(page);
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(dialog.getByRole('status')).toHaveText(new RegExp(`^Payment received: ${PLAN} is active again\\.`));

    await untilFramesSettled(page);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(status()).toHaveText(/^Active Renews on /);
    expect(listDate(await status().innerText())).toBeGreaterThan(firstRenewal);
  },
);
