import { axeViolations } from '../support/axe';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { Shop } from '../support/purchase';
import { LoginWidget, ProfileWidget } from '../support/widgets';

/** Widget routes built so far; every new widget route joins this list. */
const WIDGET_ROUTES = [
  'login',
  'profile',
  'registration',
  'edit-profile',
  'capture',
  'account-activation',
  'forgot-password',
  'reset-password',
  'change-password',
  'confirm-identifier',
  // purchase (issue 4); opened standalone they show their logged-out or not-configured states
  'product-selection',
  'product-profile',
  'product-summary',
  'checkout-button',
  'payment-type-selector',
  'payment',
  'stripe-payment',
  'mercado-payment',
  'manual-payment',
  'direct-debit-request',
  'direct-debit-complete',
  // account area (issue 13); standalone they ask for a login
  'purchases-list',
  'grant-invitations',
  'cancel-subscription',
  'v1/subscriptions-list',
  'v1/grant',
  'v1/invitations-list',
  // version 1 basket widgets (issue 16); standalone without a group or product they say so
  'v1/product-selection',
  'v1/product-item',
  'v1/product-summary',
  'v1/checkout-button',
  'v1/unique-product',
  'v1/single-product-selection',
  // social (issue 14); logged out, link and unlink show 'Not logged-in!'
  'social-buttons',
  'social-registration',
  'link-existing-account',
  'link-accounts',
  'unlink-accounts',
  'edit-social-profile',
  // paywall (issue 15); standalone they say they show on the site's pages
  'paywall',
  'paywall-notifier',
] as const;

// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

for (const route of WIDGET_ROUTES) {
  test(`/w/${route} opened standalone has no axe violations`, async ({ page }) => {
    await page.goto(`${stack.widgetsUrl}/w/${route}`);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toBeEmpty();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('the embedded login and profile widgets have no axe violations, logged out and logged in', async ({ page }) => {
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);
  const profile = new ProfileWidget(page);
  await expect(login.email).toBeVisible();
  await expect(profile.frame.getByText(/not logged in/i)).toBeVisible();
  const frames = () => page.frames().filter((frame) => frame !== page.mainFrame());
  for (const frame of frames()) expect(await axeViolations(frame), frame.url()).toEqual([]);

  // An error state.
  await login.logIn(DEMO_ACCOUNT.email, 'wrong-password');
  await expect(login.alert).toBeVisible();
  for (const frame of frames()) expect(await axeViolations(frame), frame.url()).toEqual([]);

  await login.logIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(profile.frame.getByText(DEMO_ACCOUNT.email)).toBeVisible();
  for (const frame of frames()) expect(await axeViolations(frame), frame.url()).toEqual([]);
});

test('the shop page has no axe violations: catalogue, basket, and the login step in the modal', async ({ page }) => {
  const shop = new Shop(page);
  await shop.open();
  await expect(shop.plan('Monthly', 'Digital access')).toBeVisible();
  await expect(shop.paymentType.getByRole('combobox')).toBeVisible();
  const frames = () => page.frames().filter((frame) => frame !== page.mainFrame());
  const check = async () => {
    for (const frame of frames()) expect(await axeViolations(frame), frame.url()).toEqual([]);
    expect(await axeViolations(page), 'host page with the modal').toEqual([]);
  };
  await check();
  await shop.pick('Monthly', 'Digital access');
  await shop.press(shop.checkout);
  await expect(shop.step('login').getByLabel('Email')).toBeVisible();
  await check();
});
