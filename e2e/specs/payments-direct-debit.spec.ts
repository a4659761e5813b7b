/**
 * Direct debit (issue 4): the redirect round trip of purchase spec §4 against the GoCardless
 * stand-in (redirect_flow, the spec's flow). The mandate page is a double served by Playwright at
 * an https address (the loader navigates the top window only to https or its own origin); its
 * confirm button plays the customer signing and sends them back as GoCardless does, with
 * redirect_flow_id appended to the success URL.
 */
import { expect, test, type Page } from '@playwright/test';
import { widgetSelector } from '../support/widgets';
import { createOrder, GOCARDLESS_PAGES, logIn, startPaymentStack, type PaymentStack } from '../support/doubles';

test.describe.configure({ mode: 'serial' });

let world: PaymentStack;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  world = await startPaymentStack('gocardless');
  // One host page: the request widget, or the completing one when the provider sent the visitor back.
  world.site.pages.set('/direct-debit.html', (url) =>
    url.searchParams.has('redirect_flow_id') || url.searchParams.has('orderId')
      ? '<div data-foyer-widget="direct-debit-complete"></div>'
      : `<div data-foyer-widget="direct-debit-request" data-order-id="${url.searchParams.get('order') ?? ''}"></div>`,
  );
});
test.afterAll(async () => {
  await world?.stop();
});

async function routeMandatePages(page: Page) {
  await page.route(`${GOCARDLESS_PAGES}/**`, async (route) => {
    const url = new URL(route.request().url());
    const confirm = /^\/flow\/([^/]+)\/confirm$/.exec(url.pathname);
    if (confirm) {
      const id = confirm[1]!;
      world.gocardless!.sign(id);
      const back = new URL(world.gocardless!.redirectFlows.get(id)!.successUrl);
      back.searchParams.set('redirect_flow_id', id);
      return route.fulfill({ status: 302, headers: { location: back.href } });
    }
    const flow = /^\/flow\/([^/]+)$/.exec(url.pathname);
    if (!flow) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><title>Set up a Direct Debit</title></head><body><main>
<h1>Set up a Direct Debit</h1><a href="/flow/${flow[1]}/confirm">Confirm mandate</a></main></body></html>`,
    });
  });
}

const widget = (page: Page, name: string) => page.frameLocator(widgetSelector(name));

test('request → mandate page → back to the host page → the mandate is completed and the order paid', async ({
  page,
  request,
}) => {
  const orderId = await createOrder(request, world.stack, 'DIRECT_DEBIT');
  await routeMandatePages(page);
  await page.goto(`${world.site.url}/direct-debit.html?order=${orderId}`);
  await logIn(page);
  await widget(page, 'direct-debit-request').getByRole('button', { name: 'Process payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${GOCARDLESS_PAGES}/flow/`));
  await page.getByRole('link', { name: 'Confirm mandate' }).click();

  await expect(page).toHaveURL(
    new RegExp(`/direct-debit\\.html\\?order=${orderId}&orderId=${orderId}&redirect_flow_id=`),
  );
  await expect(widget(page, 'direct-debit-complete').getByText('Payment Successful')).toBeVisible();
  await expect(page.locator('#event-log')).toContainText(`foyer:directDebit.success {"orderId":"${orderId}"}`);
  expect(world.gocardless!.payments.filter((payment) => payment.orderId === orderId)).toHaveLength(1);
});

test('the completing page without orderId, or with a redirect_flow_id of no flow, shows the spec’s errors', async ({
  page,
  request,
}) => {
  await page.goto(`${world.site.url}/direct-debit.html?redirect_flow_id=RE999999`);
  await expect(widget(page, 'direct-debit-complete').getByRole('alert')).toHaveText(
    'The orderId query parameter is invalid',
  );

  const orderId = await createOrder(request, world.stack, 'DIRECT_DEBIT');
  await page.goto(`${world.site.url}/direct-debit.html?orderId=${orderId}`);
  await expect(widget(page, 'direct-debit-complete').getByRole('alert')).toHaveText(
    'The redirect_flow_id query parameter is invalid',
  );

  await page.goto(`${world.site.url}/direct-debit.html?orderId=${orderId}&redirect_flow_id=RE999999`);
  await logIn(page);
  await expect(widget(page, 'direct-debit-complete').getByRole('alert')).toHaveText(
    'The redirect_flow_id query parameter is invalid',
  );
  await expect(page.locator('#event-log')).toContainText(
    'foyer:directDebit.failed {"code":"directdebit_query_param_redirect_flow_id_invalid","statusCode":400}',
  );
});
