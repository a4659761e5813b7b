/**
 * Mercado Pago payments (issue 4): the `payment` widget shows the Mercado Pago form for a CARD
 * order of a server whose card provider is Mercado Pago — here its stand-in; the SDK is the test
 * double of e2e/support/doubles, served by Playwright in place of sdk.mercadopago.com.
 */
import { axeViolations, widgetDocument } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { widgetSelector } from '../support/widgets';
import { createOrder, logIn, routeMercado, startPaymentStack, type PaymentStack } from '../support/doubles';

test.describe.configure({ mode: 'serial' });

// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

let world: PaymentStack;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  world = await startPaymentStack('mercadopago');
});
test.afterAll(async () => {
  await world?.stop();
});

const frame = (page: Page) => page.frameLocator(widgetSelector('payment'));

async function openPayment(page: Page, orderId: string, scriptDown: () => boolean = () => false) {
  await routeMercado(page, scriptDown);
  world.site.pages.set(
    `/mercado-${orderId}.html`,
    () => `<div data-foyer-widget="payment" data-order-id="${orderId}"></div>`,
  );
  await page.goto(`${world.site.url}/mercado-${orderId}.html`);
  await logIn(page);
}

async function fill(page: Page, card: { number?: string; code?: string; name?: string; month?: string }) {
  const payment = frame(page);
  await payment.getByLabel('Card number').fill(card.number ?? '4509953566233704');
  await payment.getByLabel('Expiry month (MM)').fill(card.month ?? '11');
  await payment.getByLabel('Expiry year (YYYY)').fill('2030');
  await payment.getByLabel('Security code').fill(card.code ?? '123');
  await payment.getByLabel('Cardholder name').fill(card.name ?? 'APRO');
  await payment.getByLabel('Document type').selectOption('CPF');
  await payment.getByLabel('Document number').fill('12345678909');
}

test('an approved card pays: grouped number, detected card type, Payment Successful', async ({ page, request }) => {
  const orderId = await createOrder(request, world.stack);
  await openPayment(page, orderId);
  await fill(page, {});
  await expect(frame(page).getByLabel('Card number')).toHaveValue('4509 9535 6623 3704');
  await expect(frame(page).getByText('Card type: Visa')).toBeVisible();
  await frame(page).getByRole('button', { name: 'Pay' }).click();
  await expect(frame(page).getByText('Payment Successful')).toBeVisible();
  await expect(page.locator('#event-log')).toContainText(`foyer:payment.success {"orderId":"${orderId}"}`);
  const payment = world.mercado!.payments.find((entry) => (entry.body.external_reference as string) === orderId);
  expect(payment?.status).toBe('approved');
  expect(payment?.body).toMatchObject({
    token: 'tok_APRO',
    payment_method_id: 'visa',
    payer: { identification: { type: 'CPF', number: '12345678909' } },
  });
});

test('invalid card fields show the provider’s field errors and nothing is charged', async ({ page, request }) => {
  const orderId = await createOrder(request, world.stack);
  await openPayment(page, orderId);
  const before = world.mercado!.payments.length;
  // A number that fails the check digit (E301) and a month out of range (208).
  await fill(page, { number: '4509953566233705', month: '13' });
  await frame(page).getByRole('button', { name: 'Pay' }).click();
  await expect(frame(page).getByText('The card number is wrong.')).toBeVisible();
  await expect(frame(page).getByText('Choose the expiry month.')).toBeVisible();
  await expect(frame(page).getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(widgetDocument(page, 'payment')), 'Mercado Pago form, field errors').toEqual([]);
  // An unknown BIN: no card type, refused before asking Mercado Pago.
  await frame(page).getByLabel('Card number').fill('9999 9999 9999 9999');
  await frame(page).getByRole('button', { name: 'Pay' }).click();
  await expect(frame(page).getByText('We could not recognise this card number.')).toBeVisible();
  expect(world.mercado!.payments.length).toBe(before);
});

test('a payment the provider rejects shows Error Processing Payment and can be paid again', async ({
  page,
  request,
}) => {
  const orderId = await createOrder(request, world.stack);
  await openPayment(page, orderId);
  await fill(page, { name: 'FUND' });
  await frame(page).getByRole('button', { name: 'Pay' }).click();
  await expect(frame(page).getByRole('alert')).toHaveText('Error Processing Payment');
  await expect(page.locator('#event-log')).toContainText('foyer:payment.failed');
  await frame(page).getByLabel('Cardholder name').fill('APRO');
  await frame(page).getByRole('button', { name: 'Pay' }).click();
  await expect(frame(page).getByText('Payment Successful')).toBeVisible();
});

test('an SDK that fails to load shows the error with Retry, and Retry brings the form', async ({ page, request }) => {
  const orderId = await createOrder(request, world.stack);
  let down = true;
  await openPayment(page, orderId, () => down);
  await expect(frame(page).getByRole('alert')).toContainText('The payment form could not be loaded');
  down = false;
  await frame(page).getByRole('button', { name: 'Retry' }).click();
  await expect(frame(page).getByLabel('Card number')).toBeVisible();
});
