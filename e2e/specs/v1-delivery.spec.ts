/**
 * Issue 16, the metadata of a delivered version 1 basket line on the demo page /shop-v1 against the
 * real stack: the summary asks the first delivery day of the print product (a date input not
 * before the product-manager's minDate; an earlier day is refused in the widget and by the
 * checkout's validation), the checkout needs a saved address of the account (none: 'Invalid
 * profile'), and the order the server keeps carries the line's date and address before the
 * visitor is sent to the payment page. axe-core checks the summary with the date field.
 */
import { expect, type Page } from '@playwright/test';
import { frameHeaders } from '@foyer/api/frame-headers';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { test } from '../support/api-test';
import { axeViolations, widgetDocument } from '../support/axe';
import { apiLogin, createCustomer, uniqueEmail } from '../support/purchase';
import { stack } from '../support/stack';
import { LoginWidget, widgetFrame } from '../support/widgets';

// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

const PASSWORD = 'v1-delivery-pw-1';

/** `YYYY-MM-DD` one day before `day`. */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** `YYYY-MM-DD` as the widget shows it in English (dd/MM/yyyy). */
const shown = (day: string) => day.split('-').reverse().join('/');

test(
  'a delivered v1 line: its first delivery day not before minDate, the saved address, both kept on the order',
  { tag: BOTH_STORAGE_MODES },
  async ({ page, request }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail();
    await createCustomer(request, email, PASSWORD);
    const account = await apiLogin(request, email, PASSWORD);
    const pm = `${stack.widgetsUrl}/pm/api`;
    const minDate = (
      (await (await request.get(`${pm}/spi/product/demo-print/startDeliveryDate`)).json()) as { minDate: string }
    ).minDate;

    await page.goto(`${stack.demoUrl}/shop-v1`);
    const selection = widgetFrame(page, 'v1/product-selection');
    const summary = widgetFrame(page, 'v1/product-summary');
    // Settled: the form gives way to one line and the frames below move up; a click sent before
    // lands where the plan's button was (lost in a loaded run once login.success came sooner).
    await new LoginWidget(page).logInSettled(email, PASSWORD);
    await expect(page.locator('#event-log')).toContainText('foyer:login.success');
    await selection.getByRole('button', { name: /Monthly \(Print and digital\)/ }).click();
    await expect(summary.getByRole('rowheader', { name: 'Print and digital' })).toBeVisible();

    // The date field: a real date input, labelled, from minDate on.
    const date = summary.getByLabel('First delivery of Print and digital');
    await expect(date).toBeVisible();
    await expect(date).toHaveAttribute('type', 'date');
    await expect(date).toHaveAttribute('min', minDate);
    await expect(summary.getByText(`From ${shown(minDate)} on.`, { exact: false })).toBeVisible();
    await axeClean(page, 'empty date');

    // A day before the minimum: said at once, and the checkout refuses it client-side.
    await date.fill(dayBefore(minDate));
    const tooEarly = summary.getByRole('alert').filter({ hasText: 'or a later day for the first delivery' });
    await expect(tooEarly).toHaveText(`Choose ${shown(minDate)} or a later day for the first delivery.`);
    await axeClean(page, 'too early');
    const checkout = summary.getByRole('button', { name: 'Checkout' });
    await checkout.click();
    await expect(summary.getByRole('alert').filter({ hasText: 'Client-side validation failed' })).toBeVisible();

    // The minimum: accepted; without a saved address the checkout says 'Invalid profile'.
    await date.fill(minDate);
    await expect(tooEarly).toHaveCount(0);
    await checkout.click();
    await expect(summary.getByRole('alert').filter({ hasText: 'Invalid profile' })).toBeVisible();
    await expect(page).toHaveURL(/\/shop-v1/);

    // The account saves a delivery address (its profile's address group), then checks out.
    const address = {
      fullName: 'E2e Customer',
      line1: '1 Main Street',
      city: 'Ghent',
      postalCode: '9000',
      country: 'BE',
    };
    const saved = await request.put(`${pm}/widget/profile/demo?ev_ss=${account.sessionId}`, {
      headers: await frameHeaders(stack.widgetsUrl),
      data: Object.entries(address).map(([name, value]) => ({ name: `deliveryAddress.${name}`, value })),
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await checkout.click();
    await page.waitForURL(/\/pm\/v1\/pay/);
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();

    // The order the server keeps (awaiting the payment) carries the line's date and address.
    const order = await request.get(`${pm}/order/user/${account.guid}?ev_ss=${account.sessionId}`, {
      headers: await frameHeaders(stack.widgetsUrl),
    });
    expect(order.ok(), await order.text()).toBe(true);
    const body = (await order.json()) as {
      status: string;
      products: { productId: string; productMetaData?: Record<string, unknown> }[];
    };
    expect(body.status).toBe('PAYMENT_PENDING');
    expect(body.products[0]).toMatchObject({
      productId: 'demo-print',
      productMetaData: { startDeliveryDate: { 'demo-print': minDate }, deliveryAddress: { id: expect.any(String) } },
    });
  },
);

async function axeClean(page: Page, state: string): Promise<void> {
  expect(await axeViolations(widgetDocument(page, 'v1/product-summary')), `v1/product-summary: ${state}`).toEqual([]);
}
