/**
 * HostMethods.open (purchase spec §4): a checkout runner frame opens the checkout's next step in
 * the loader's modal; any other frame is refused. A visitor dismissing that modal is told to every
 * frame, `Foyer.on` and window as `modal.dismissed`; a step finishing with its success event is not.
 */
import { expect, hostPage, loaderTag, roundTrip, test, widgetFrame } from './fixtures/test';
import type { Page } from '@playwright/test';

const listeners = `<script>
  addEventListener('foyer:modal.dismissed', (event) => window.seen.push(['dom', event.detail]));
  window.Foyer = { q: [['on', 'modal.dismissed', (payload, name) => window.seen.push(['on', name, payload])]] };
</script>`;
const body = `${listeners}${loaderTag()}<div data-foyer-widget="checkout-button"></div><div data-foyer-widget="login"></div>`;
const dialog = (page: Page) => page.locator('[role="dialog"]');

test.beforeEach(async ({ page, servers }) => {
  await page.goto(servers.page('/checkout', hostPage(body)));
});

test('a checkout-button frame may open login in the modal with its attributes; a login frame may not', async ({
  page,
}) => {
  const runner = await widgetFrame(page, 'checkout-button');
  const inline = await widgetFrame(page, 'login');

  // The login frame (not a checkout runner) is refused, and so is a target that is no checkout step.
  expect(await inline.evaluate(() => window.host.open!('product-profile', {}))).toBe(false);
  expect(await runner.evaluate(() => window.host.open!('edit-profile', {}))).toBe(false);
  expect(await runner.evaluate(() => window.host.open!('login', { showRegister: true }))).toBe(false);
  await roundTrip(runner);
  await expect(dialog(page)).toHaveCount(0);

  expect(await runner.evaluate(() => window.host.open!('login', { showRegister: 'true' }))).toBe(true);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toHaveAttribute('aria-label', 'Foyer login widget');
  const step = await widgetFrame(page, 'login', 1);
  expect(await step.evaluate(() => window.contexts[0])).toMatchObject({
    widget: 'login',
    inModal: true,
    attributes: { showRegister: 'true' },
  });
  // The step in the modal is no runner either: it cannot open the next step itself.
  expect(await step.evaluate(() => window.host.open!('product-profile', {}))).toBe(false);

  // The runner opens the next step: it replaces the login modal, which is no dismissal.
  expect(await runner.evaluate(() => window.host.open!('product-profile', {}))).toBe(true);
  await expect(dialog(page)).toHaveAttribute('aria-label', 'Foyer product profile widget');
  await expect(dialog(page)).toHaveCount(1);
  const profile = await widgetFrame(page, 'product-profile');

  // The step succeeds: its success event closes the modal, no dismissal either. Published just
  // after the evaluation returns: the frame is removed meanwhile, and an evaluation in flight
  // in a removed frame fails.
  await profile.evaluate(() => {
    setTimeout(() => window.host.publish!({ name: 'productProfile.success', payload: { guid: 'g' } }), 0);
  });
  await expect(dialog(page)).toHaveCount(0);
  // A dismissal would be published as the modal closes; the runner's own round trip passes after it.
  await roundTrip(runner);
  expect(await page.evaluate(() => window.seen)).toEqual([]);
  expect(await runner.evaluate(() => window.received.map((event) => event.name))).toEqual(['productProfile.success']);
});

test('the visitor dismissing an opened step reaches every frame, Foyer.on and window as modal.dismissed', async ({
  page,
}) => {
  const runner = await widgetFrame(page, 'checkout-button');
  const inline = await widgetFrame(page, 'login');
  expect(await runner.evaluate(() => window.host.open!('payment', {}))).toBe(true);
  await expect(dialog(page)).toBeVisible();
  await widgetFrame(page, 'payment');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);

  const dismissed = { name: 'modal.dismissed', payload: { widget: 'payment' } };
  await expect.poll(() => runner.evaluate(() => window.received)).toEqual([dismissed]);
  await expect.poll(() => inline.evaluate(() => window.received)).toEqual([dismissed]);
  expect(await page.evaluate(() => window.seen)).toEqual([
    ['on', 'modal.dismissed', { widget: 'payment' }],
    ['dom', { widget: 'payment' }],
  ]);

  // Esc on the host page is a dismissal too.
  expect(await runner.evaluate(() => window.host.open!('login', {}))).toBe(true);
  await widgetFrame(page, 'login', 1);
  await page.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect
    .poll(() => runner.evaluate(() => window.received.map((event) => event.payload.widget)))
    .toEqual(['payment', 'login']);
});
