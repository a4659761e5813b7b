/**
 * HostMethods.postForm (purchase spec §4 "Version 1 checkout"): the version 1 checkout asks the
 * loader to post a hidden form to the hosted payment page; the loader fetches form.js, builds the
 * form on the host page and submits it, so the whole page goes there with the fields. Other
 * widgets, other URLs and oversized fields are refused.
 */
import { expect, hostPage, loaderTag, test, widgetFrame } from './fixtures/test';

const body = `${loaderTag()}<div data-foyer-widget="v1/checkout-button"></div><div data-foyer-widget="login"></div>`;

test('the v1 checkout posts the fields to a page of the widgets origin: the host page goes there', async ({
  page,
  servers,
}) => {
  await page.goto(servers.page('/shop-v1', hostPage(body)));
  const checkout = await widgetFrame(page, 'v1/checkout-button');
  const login = await widgetFrame(page, 'login');
  const target = `${servers.widgetsOrigin}/echo-form`;
  const fields = { siteId: 'demo', orderId: 'o-1', quantity: '1', payload: 'abc.def' };

  expect(await login.evaluate(([url, form]) => window.host.postForm!(url, form), [target, fields] as const)).toBe(
    false,
  );
  for (const url of [`${servers.foreignOrigin}/echo-form`, 'javascript:alert(1)', '/echo-form'])
    expect(await checkout.evaluate(([to, form]) => window.host.postForm!(to, form), [url, fields] as const), url).toBe(
      false,
    );
  const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, 'x']));
  expect(await checkout.evaluate(([to, form]) => window.host.postForm!(to, form), [target, tooMany] as const)).toBe(
    false,
  );
  expect(page.url()).toContain('/shop-v1');

  // Not awaited: the host page navigates away while the answer travels back.
  await checkout.evaluate(([to, form]) => void window.host.postForm!(to, form), [target, fields] as const);
  await page.waitForURL(target);
  await expect(page.locator('body')).toHaveText('posted siteId=demo&orderId=o-1&quantity=1&payload=abc.def');
});
