/**
 * Bad input in the purchase journey (issue 4): an empty basket, a session that ends mid-checkout,
 * a tampered price in a direct order request, a double click on pay. Each gives the spec's error
 * (or none is possible) and loses nothing. Tests that log in use an account of their own: paid
 * plans become subscribed and could not be bought again by the next test.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { apiSession, createCustomer, Shop, uniqueEmail } from '../support/purchase';
import { frameHeaders } from '@foyer/api/frame-headers';

test('an empty basket cannot be checked out: the button is disabled and submitting the selection errs', async ({
  page,
}) => {
  const shop = new Shop(page);
  await shop.open();
  await expect(shop.plan('Monthly', 'Digital access')).toBeVisible();
  await expect(shop.checkout).toBeDisabled();
  await expect(shop.emptySummary).toBeVisible();

  // Picking and un-picking (the same plan again) leaves it empty and disabled once more.
  await shop.pick('Monthly', 'Digital access');
  await expect(shop.checkout).toBeEnabled();
  await shop.plan('Monthly', 'Digital access').click();
  await expect(shop.plan('Monthly', 'Digital access')).toHaveAttribute('aria-pressed', 'false');
  await expect(shop.checkout).toBeDisabled();

  // The selection's own submit with nothing picked: NO_PRODUCT_SELECTED, and no step opens.
  await shop.selection.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(shop.selection.getByRole('alert')).toBeVisible();
  await expect(page.locator('#event-log')).toContainText('foyer:productSelection.failed');
  await expect(shop.dialog).toHaveCount(0);
});

test('a session that ends mid-checkout: the order is refused with an error and the basket is kept', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  await createCustomer(request, email, 'customer-pw-1');
  const shop = new Shop(page);
  await shop.open();
  await shop.pick('One-off', 'Archive pass');
  await shop.press(shop.checkout);
  await shop.logInInModal(email, 'customer-pw-1');
  await shop.press(shop.saveProfile);
  await expect(shop.confirmOrder).toBeVisible();

  // The session ends on the server while the visitor reads the summary.
  const deleted = await request.delete(`${stack.widgetsUrl}/ic/api/session/${await shop.sessionId()}`, {
    headers: await frameHeaders(stack.widgetsUrl),
  });
  expect(deleted.status()).toBe(204);
  await shop.press(shop.confirmOrder);

  await expect(shop.checkoutFrame.getByRole('alert')).toBeVisible();
  await expect(page.locator('#event-log')).toContainText('foyer:checkout.failed');
  await expect(shop.paid).toHaveCount(0);
  // Nothing lost: the pick is still in the basket and the checkout can start again.
  await expect(shop.plan('One-off', 'Archive pass')).toHaveAttribute('aria-pressed', 'true');
  await expect(shop.summary.getByText('Archive pass').first()).toBeVisible();
  await expect(shop.checkout).toBeEnabled();
  // Starting again asks for a login: the ended session is gone from every frame.
  await shop.press(shop.checkout);
  await expect(shop.step('login').getByLabel('Email')).toBeVisible();
});

test('a tampered price in a direct order request is ignored: the server prices the order', async ({ request }) => {
  const session = await apiSession(request, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  const response = await request.post(`${stack.widgetsUrl}/pm/api/widget/order?ev_ss=${session}`, {
    headers: await frameHeaders(stack.widgetsUrl),
    data: {
      orderItems: [
        {
          product: 'demo-archive',
          paymentPlan: 'archive-once-eur',
          price: 0.01,
          finalPrice: { amount: 1, currency: 'EUR', display: '0.01' },
        },
      ],
      paymentType: 'BANK_TRANSFER',
      total: { amount: 1, currency: 'EUR', display: '0.01' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const order = (await response.json()) as { id: string; total: { amount: number; currency: string } };
  // The catalogue price of the plan (what the shop shows), not the request's.
  expect(order.total).toMatchObject({ amount: 499, currency: 'EUR' });
  const page = await request.get(`${stack.widgetsUrl}/pm/api/widget/payment/${order.id}?ev_ss=${session}`, {
    headers: await frameHeaders(stack.widgetsUrl),
  });
  expect(((await page.json()) as { total: { amount: number } }).total.amount).toBe(499);
});

test('a double click on pay charges once', async ({ page, request }) => {
  const email = uniqueEmail();
  await createCustomer(request, email, 'customer-pw-2');
  const shop = new Shop(page);
  await shop.open();
  await shop.pick('Yearly', 'Digital access');
  await shop.press(shop.checkout);
  await shop.logInInModal(email, 'customer-pw-2');
  await shop.press(shop.saveProfile);
  await shop.press(shop.confirmOrder);

  // Every payment submission the frame makes, with the server's answer (read through routing:
  // the response bodies of a cross-origin frame are not always readable from page events).
  const payments: { status: number; orderId: string; body: { paymentId?: string } }[] = [];
  await page.route(/\/pm\/api\/widget\/payment\/[^/?]+(\?.*)?$/, async (route) => {
    const orderId = /\/payment\/([^/?]+)/.exec(new URL(route.request().url()).pathname)![1]!;
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    const body = (await response.json().catch(() => ({}))) as { paymentId?: string };
    payments.push({ status: response.status(), orderId, body });
    await route.fulfill({ response });
  });
  await shop.pay.dblclick();
  await expect(shop.paid).toBeVisible();
  await expect.poll(() => payments.length).toBeGreaterThan(0);
  // However many submissions reached the server, they all name the one payment.
  expect(payments.every((payment) => payment.status < 300)).toBe(true);
  const ids = new Set(payments.map((payment) => payment.body.paymentId));
  expect(ids.size).toBe(1);

  // A later retry of the same order (a new session of the same customer) gets that payment again.
  const orderId = payments[0]!.orderId;
  const session = await apiSession(request, email, 'customer-pw-2');
  const retry = await request.post(`${stack.widgetsUrl}/pm/api/widget/payment/${orderId}?ev_ss=${session}`, {
    headers: await frameHeaders(stack.widgetsUrl),
    data: { token: 'manual' },
  });
  expect(retry.ok(), await retry.text()).toBe(true);
  expect(((await retry.json()) as { paymentId: string }).paymentId).toBe([...ids][0]);
});
