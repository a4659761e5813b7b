/**
 * The purchase journey of issue 4 on the demo shop page (product-selection, product-summary,
 * checkout-button, payment-type-selector), against the real stack: pick a plan, check out, log in
 * or create an account in the modal, give a delivery address, review, pay manually.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNT } from '../support/stack';
import { Shop, uniqueEmail } from '../support/purchase';

test('an anonymous visitor picks a plan, logs in, gives a delivery address, reviews and pays by bank transfer', async ({
  page,
}) => {
  const shop = new Shop(page);
  await shop.open();
  await expect(shop.checkout).toBeDisabled();
  await shop.pick('Monthly', 'Print and digital');
  await shop.choosePaymentType('Bank transfer');
  await expect(shop.checkout).toBeEnabled();
  await shop.checkout.click();

  // No session: the login opens in the modal, offering to create an account.
  await expect(shop.dialog).toBeVisible();
  await expect(shop.step('login').getByRole('button', { name: 'Create an account' })).toBeVisible();
  await shop.logInInModal(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);

  // The profile step: print needs a delivery address.
  const address = shop.deliveryAddress();
  await expect(address).toBeVisible();
  await expect(address.getByLabel('Address line 1')).toHaveAttribute('autocomplete', 'shipping address-line1');
  await shop.fillAddress(address);
  await shop.press(shop.saveProfile);

  // The review: the summary of the basket, then the order (paid by bank transfer, the selector's choice).
  await expect(shop.step('product-summary').getByText('Print and digital').first()).toBeVisible();
  const order = page.waitForRequest((request) => request.method() === 'POST' && /\/widget\/order$/.test(request.url()));
  await shop.press(shop.confirmOrder);
  expect((await order).postDataJSON()).toMatchObject({
    paymentType: 'BANK_TRANSFER',
    orderItems: [{ product: 'demo-print' }],
    deliveryAddressGroup: { values: expect.objectContaining({ city: 'Brussels', country: 'BE' }) },
  });

  await shop.press(shop.pay);
  await expect(shop.paid).toBeVisible();
  await expect(shop.dialog).toHaveCount(0);
  await expect(shop.emptySummary).toBeVisible();
  await expect(shop.plan('Monthly', 'Print and digital')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('#event-log')).toContainText('foyer:payment.success');
});

test("a new visitor uses 'Create an account' in the login modal, registers in the profile step and pays by card", async ({
  page,
}) => {
  const shop = new Shop(page);
  await shop.open();
  await shop.pick('Monthly', 'Print and digital');
  await shop.checkout.click();
  await shop.step('login').getByRole('button', { name: 'Create an account' }).click();

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

  // Created and logged in: the review, then the card payment (the manual provider by default).
  const order = page.waitForRequest((request) => request.method() === 'POST' && /\/widget\/order$/.test(request.url()));
  await shop.press(shop.confirmOrder);
  expect((await order).postDataJSON()).toMatchObject({ paymentType: 'CARD' });
  await shop.press(shop.pay);
  await expect(shop.paid).toBeVisible();
  await expect(shop.dialog).toHaveCount(0);
  await expect(shop.emptySummary).toBeVisible();
});
