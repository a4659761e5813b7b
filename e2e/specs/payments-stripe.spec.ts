/**
 * Stripe payments (issue 4): the `payment` widget shows the Stripe form for a CARD order of a
 * server whose card provider is Stripe — here the Stripe stand-in; Stripe.js is the test double
 * of e2e/support/doubles, served by Playwright in place of js.stripe.com.
 */
import { axeViolations, widgetDocument } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { widgetSelector } from '../support/widgets';
import { createOrder, logIn, routeStripe, startPaymentStack, type PaymentStack } from '../support/doubles';

test.describe.configure({ mode: 'serial' });

// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

let world: PaymentStack;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  world = await startPaymentStack('stripe');
});
test.afterAll(async () => {
  await world?.stop();
});

const frame = (page: Page) => page.frameLocator(widgetSelector('payment'));

async function openPayment(page: Page, orderId: string, scriptDown: () => boolean = () => false) {
  await routeStripe(page, world.stripe!, scriptDown);
  world.site.pages.set(
    `/stripe-${orderId}.html`,
    () => `<div data-foyer-widget="payment" data-order-id="${orderId}"></div>`,
  );
  await page.goto(`${world.site.url}/stripe-${orderId}.html`);
  await logIn(page);
}

async function payWith(page: Page, number: string) {
  const payment = frame(page);
  await payment.getByRole('group', { name: 'Card number' }).getByRole('textbox').fill(number);
  await payment.getByRole('group', { name: 'Expiry date' }).getByRole('textbox').fill('12 / 34');
  await payment.getByRole('group', { name: 'Security code (CVC)' }).getByRole('textbox').fill('123');
  await payment.getByRole('button', { name: 'Pay' }).click();
}

test('a card payment succeeds: one PaymentIntent, Payment Successful, payment.success', async ({ page, request }) => {
  const orderId = await createOrder(request, world.stack);
  await openPayment(page, orderId);
  await expect(frame(page).getByRole('heading', { name: 'PAYMENT DETAILS' })).toBeVisible();
  await expect(frame(page).getByRole('img', { name: 'Visa' })).toBeVisible();
  expect(await axeViolations(widgetDocument(page, 'payment')), 'Stripe form').toEqual([]);
  const before = world.stripe!.intents.length;
  await payWith(page, '4242424242424242');
  await expect(frame(page).getByText('Payment Successful')).toBeVisible();
  await expect(page.locator('#event-log')).toContainText(`foyer:payment.success {"orderId":"${orderId}"}`);
  expect(world.stripe!.intents.slice(before).map((intent) => [intent.status, intent.metadata.order_id])).toEqual([
    ['succeeded', orderId],
  ]);
});

test('a declined card says so and the order stays payable', async ({ page, request }) => {
  const orderId = await createOrder(request, world.stack);
  await openPayment(page, orderId);
  await payWith(page, '4000000000000002');
  await expect(frame(page).getByRole('alert')).toHaveText('Your card was declined');
  expect(await axeViolations(widgetDocument(page, 'payment')), 'Stripe form, declined').toEqual([]);
  await expect(page.locator('#event-log')).toContainText(
    'foyer:payment.failed {"code":"card_declined","statusCode":402}',
  );
  // Another card on the same form pays the same order.
  await frame(page).getByRole('group', { name: 'Card number' }).getByRole('textbox').fill('4242424242424242');
  await frame(page).getByRole('button', { name: 'Pay' }).click();
  await expect(frame(page).getByText('Payment Successful')).toBeVisible();
});

test('an invalid card number shows Stripe’s field error inline and sends nothing', async ({ page, request }) => {
  const orderId = await createOrder(request, world.stack);
  await openPayment(page, orderId);
  const before = world.stripe!.intents.length;
  await payWith(page, '4242424242424241');
  await expect(frame(page).getByRole('alert')).toHaveText('Your card number is invalid.');
  expect(world.stripe!.intents.length).toBe(before);
});

test('3-D Secure: the challenge is passed and the payment succeeds', async ({ page, request }) => {
  const orderId = await createOrder(request, world.stack);
  await openPayment(page, orderId);
  await payWith(page, '4000000000003220');
  const challenge = frame(page).getByRole('dialog', { name: '3D Secure 2 Test Page' });
  await expect(challenge).toBeVisible();
  await challenge.getByRole('button', { name: 'Complete' }).click();
  await expect(frame(page).getByText('Payment Successful')).toBeVisible();
  const intent = world.stripe!.intents.find((candidate) => candidate.metadata.order_id === orderId);
  expect(intent?.status).toBe('succeeded');
  // One intent for the order: the second post after the challenge read it back, it made no new one.
  expect(world.stripe!.intents.filter((candidate) => candidate.metadata.order_id === orderId)).toHaveLength(1);
});

test('3-D Secure: a failed challenge is refused, nothing is charged, and another card pays', async ({
  page,
  request,
}) => {
  const orderId = await createOrder(request, world.stack);
  await openPayment(page, orderId);
  await payWith(page, '4000000000003220');
  const challenge = frame(page).getByRole('dialog', { name: '3D Secure 2 Test Page' });
  await challenge.getByRole('button', { name: 'Fail' }).click();
  await expect(frame(page).getByRole('alert')).toHaveText('Error Processing Payment');
  await expect(frame(page).getByText('Payment Successful')).toHaveCount(0);
  const intents = () => world.stripe!.intents.filter((candidate) => candidate.metadata.order_id === orderId);
  expect(intents().map((intent) => intent.status)).toEqual(['requires_payment_method']);
  // The order stays payable with another card.
  await frame(page).getByRole('group', { name: 'Card number' }).getByRole('textbox').fill('4242424242424242');
  await frame(page).getByRole('button', { name: 'Pay' }).click();
  await expect(frame(page).getByText('Payment Successful')).toBeVisible();
  expect(intents().map((intent) => intent.status)).toEqual(['requires_payment_method', 'succeeded']);
});

test('Stripe.js that fails to load shows the error with Retry, and Retry brings the form', async ({
  page,
  request,
}) => {
  const orderId = await createOrder(request, world.stack);
  let down = true;
  await openPayment(page, orderId, () => down);
  await expect(frame(page).getByRole('alert')).toContainText('The payment form could not be loaded');
  down = false;
  await frame(page).getByRole('button', { name: 'Retry' }).click();
  await expect(frame(page).getByRole('group', { name: 'Card number' })).toBeVisible();
  await payWith(page, '4242424242424242');
  await expect(frame(page).getByText('Payment Successful')).toBeVisible();
});
