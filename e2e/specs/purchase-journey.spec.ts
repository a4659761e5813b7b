/**
 * The purchase journey of issue 4 on the demo shop page (product-selection, product-summary,
 * checkout-button, payment-type-selector), against the real stack: pick a plan, check out, log in
 * or create an account in the modal, give a delivery address, review, pay manually.
 */
import { axeViolations, widgetDocument } from '../support/axe';
import { expect, test } from '@playwright/test';
import { frameHeaders } from '@foyer/api/frame-headers';
import { addDays, nextDeliveryDay, periodEnd } from '@foyer/api/widget';
import { createCustomer, Shop, uniqueEmail } from '../support/purchase';
import { E2E_ENV, stack } from '../support/stack';
import { BOTH_STORAGE_MODES } from '../../playwright.config';

// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

// Also with third-party storage refused: the frames share the basket, the checkout step and the
// session over their channel only (issue 9).
test(
  'an anonymous visitor picks a plan, logs in, gives a delivery address, reviews and pays by bank transfer',
  { tag: BOTH_STORAGE_MODES },
  async ({ page, request }) => {
    // The whole journey with four axe scans: 16–22 s on a quiet machine, near 30 s on a busy one.
    test.setTimeout(60_000);
    // A customer of its own: buying subscribes the account and saves its address, which would
    // change what the next run (or a retry) of this journey sees with a shared account.
    const email = uniqueEmail();
    await createCustomer(request, email, 'customer-pw-3');
    const shop = new Shop(page);
    await shop.open();
    await expect(shop.checkout).toBeDisabled();
    await shop.pick('Monthly', 'Print and digital');
    await shop.choosePaymentType('Bank transfer');
    await expect(shop.checkout).toBeEnabled();
    await shop.press(shop.checkout);

    // No session: the login opens in the modal, offering to create an account.
    await expect(shop.dialog).toBeVisible();
    await expect(shop.step('login').getByRole('button', { name: 'Create an account' })).toBeVisible();
    await shop.expectCalmBehindModal();
    await shop.logInInModal(email, 'customer-pw-3');

    // The profile step: print needs a delivery address.
    const address = shop.deliveryAddress();
    await expect(address).toBeVisible();
    await expect(address.getByLabel('Address line 1')).toHaveAttribute('autocomplete', 'shipping address-line1');
    // axe on the profile step: the refused form (mandatory fields highlighted), then the filled one.
    await shop.press(shop.saveProfile);
    await expect(shop.step('product-profile').getByRole('alert').first()).toBeVisible();
    expect(await axeViolations(widgetDocument(page, 'product-profile')), 'profile step, refused').toEqual([]);
    await shop.fillAddress(address);
    expect(await axeViolations(widgetDocument(page, 'product-profile')), 'profile step, filled').toEqual([]);
    await shop.press(shop.saveProfile);

    // The review: the summary of the basket, then the order (paid by bank transfer, the selector's choice).
    await expect(shop.step('product-summary').getByText('Print and digital').first()).toBeVisible();
    expect(await axeViolations(widgetDocument(page, 'product-summary')), 'summary, review').toEqual([]);
    const order = page.waitForRequest(
      (request) => request.method() === 'POST' && /\/widget\/order$/.test(request.url()),
    );
    await shop.press(shop.confirmOrder);
    const placed = await order;
    expect(placed.postDataJSON()).toMatchObject({
      paymentType: 'BANK_TRANSFER',
      orderItems: [{ product: 'demo-print' }],
      deliveryAddressGroup: { values: expect.objectContaining({ city: 'Brussels', country: 'BE' }) },
    });
    const { id: orderId } = (await (await placed.response())!.json()) as { id: string };

    await expect(shop.pay).toBeVisible();
    await shop.expectCalmBehindModal();
    expect(await axeViolations(widgetDocument(page, 'payment')), 'payment step').toEqual([]);
    await shop.press(shop.pay);
    // Placed (issue 25): where to send the money, with the order's reference, until the visitor is done.
    const instructions = shop.transferInstructions;
    await expect(instructions.getByRole('definition')).toHaveText([
      E2E_ENV.FOYER_TRANSFER_BENEFICIARY,
      E2E_ENV.FOYER_TRANSFER_ACCOUNT,
      E2E_ENV.FOYER_TRANSFER_BIC,
      `FOYER-${orderId.slice(0, 8).toUpperCase()}`,
      /\d/,
    ]);
    await expect(shop.dialog).toBeVisible();
    // The payment's request ran and has its answer: the payment frame told the page (and the
    // runners' frames, whose third step 'Processing payment...' it is: issue 32, item 6).
    await expect(page.locator('#event-log')).toContainText(
      `foyer:payment.processing {"orderId":"${orderId}","running":true}`,
    );
    await expect(page.locator('#event-log')).toContainText(
      `foyer:payment.processing {"orderId":"${orderId}","running":false}`,
    );
    expect(await axeViolations(widgetDocument(page, 'payment')), 'payment step, transfer instructions').toEqual([]);
    await shop.press(shop.transferDone);
    await expect(shop.paid).toBeVisible();
    await expect(shop.dialog).toHaveCount(0);
    expect(await axeViolations(widgetDocument(page, 'checkout-button')), 'checkout button, paid').toEqual([]);
    await expect(shop.emptySummary).toBeVisible();
    await expect(shop.plan('Monthly', 'Print and digital')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('#event-log')).toContainText('foyer:payment.success');
  },
);

test(
  "a new visitor uses 'Create an account' in the login modal, registers in the profile step and pays by card",
  { tag: BOTH_STORAGE_MODES },
  async ({ page }) => {
    const shop = new Shop(page);
    await shop.open();
    await shop.pick('Monthly', 'Print and digital');
    await shop.press(shop.checkout);
    await shop.press(shop.step('login').getByRole('button', { name: 'Create an account' }));

    // The profile step replaces the login: the account details with the confirm field, then the address.
    const profile = shop.step('product-profile');
    const email = uniqueEmail();
    await profile.getByLabel('Email').fill(email);
    await profile.getByLabel('Password', { exact: true }).fill('new-visitor-1');
    await profile.getByLabel(/^Confirm/).fill('new-visitor-1');
    await profile.getByLabel('First name').fill('Grace');
    await profile.getByLabel('Last name').fill('Hopper');
    await shop.fillAddress(shop.deliveryAddress());
    await shop.press(shop.saveProfile);

    // Created and logged in: the review, then the card payment (the test card provider: its picker
    // is marked as test mode and starts on the card that pays).
    const order = page.waitForRequest(
      (request) => request.method() === 'POST' && /\/widget\/order$/.test(request.url()),
    );
    await shop.press(shop.confirmOrder);
    expect((await order).postDataJSON()).toMatchObject({ paymentType: 'CARD' });
    await expect(shop.step('payment').getByText('Test mode', { exact: true })).toBeVisible();
    await expect(shop.testCard).toHaveValue('pm_card_visa');
    await shop.press(shop.pay);
    await expect(shop.paid).toBeVisible();
    await expect(shop.dialog).toHaveCount(0);
    await expect(shop.emptySummary).toBeVisible();
  },
);

// Issue 32, item 7: version 2 orders carry their dates; a delivered product's first delivery is
// chosen in the profile step from version 1's earliest delivery day (two working days ahead).
test(
  'a delivered product: the first delivery is chosen in the profile step, from the earliest delivery day, and the order carries it',
  { tag: BOTH_STORAGE_MODES },
  async ({ page, request }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail();
    await createCustomer(request, email, 'customer-pw-4');
    // The server's days (its clock, not this machine's): the earliest first delivery and today.
    const days = await request.get(`${stack.widgetsUrl}/pm/api/spi/product/demo-print/startDeliveryDate`, {
      headers: await frameHeaders(stack.widgetsUrl),
    });
    expect(days.ok(), await days.text()).toBe(true);
    const { minDate, today } = (await days.json()) as { minDate: string; today: string };
    /** `YYYY-MM-DD` as the widget shows it in English (dd/MM/yyyy). */
    const shown = (day: string) => day.split('-').reverse().join('/');

    const shop = new Shop(page);
    await shop.open();
    await shop.pick('Monthly', 'Print and digital');
    await shop.press(shop.checkout);
    await shop.logInInModal(email, 'customer-pw-4');

    // The profile step: a labelled date input, from the earliest delivery day on.
    const profile = shop.step('product-profile');
    const date = profile.getByLabel('First delivery of Print and digital');
    await expect(date).toHaveAttribute('type', 'date');
    await expect(date).toHaveAttribute('min', minDate);
    await expect(profile.getByText(`From ${shown(minDate)} on, Monday to Friday.`, { exact: false })).toBeVisible();
    // A day before it, then a Saturday: each said at once, in an alert.
    await date.fill(addDays(minDate, -1));
    await expect(profile.getByRole('alert')).toHaveText(
      `Choose ${shown(minDate)} or a later day for the first delivery.`,
    );
    let saturday = minDate;
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    saturday = addDays(saturday, 1);
    await date.fill(saturday);
    await expect(profile.getByRole('alert')).toHaveText('Deliveries start on a working day (Monday to Friday)');
    const chosen = nextDeliveryDay(addDays(minDate, 1));
    await date.fill(chosen);
    await expect(profile.getByRole('alert')).toHaveCount(0);
    await shop.fillAddress(shop.deliveryAddress());
    await shop.press(shop.saveProfile);

    // The order: today (the server's), the month's end, and the chosen first delivery, kept by the server.
    const order = page.waitForRequest(
      (request) => request.method() === 'POST' && /\/widget\/order$/.test(request.url()),
    );
    await shop.press(shop.confirmOrder);
    const placed = await order;
    expect(placed.postDataJSON()).toMatchObject({
      orderItems: [
        { product: 'demo-print', startDate: today, endDate: periodEnd(today, 'MONTH1'), startDeliveryDate: chosen },
      ],
    });
    const answer = (await (await placed.response())!.json()) as { items: unknown[] };
    expect(answer.items[0]).toMatchObject({ startDate: today, startDeliveryDate: chosen });
    await expect(shop.pay).toBeVisible();
  },
);
