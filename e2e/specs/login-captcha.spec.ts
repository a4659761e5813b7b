/**
 * Logging in to a service with a reCAPTCHA site key (identity spec §5, issue 8): through the login
 * widget and through the checkout's login step, against the real server, which verifies the token
 * with a local stand-in of Google's verify API; Google's script is the test double of
 * e2e/support/doubles/recaptcha.js. A login without a token is refused with the spec's message.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatAuthorization, IDENTITY_ERRORS } from '@foyer/api';
import { CAPTCHA_SERVICE, routeRecaptchaDouble, startCaptchaStack, type CaptchaStack } from '../support/recaptcha';
import { Shop, uniqueEmail } from '../support/purchase';
import { DEMO_ACCOUNT } from '../support/stack';
import { popupClosed } from '../support/social-popup';
import { LoginWidget, untilFramesSettled, widgetFrame } from '../support/widgets';
import { frameHeaders } from '@foyer/api/frame-headers';

const NOT_A_ROBOT = IDENTITY_ERRORS.RECAPTCHA_VERIFICATION_FAILED.text;

let world: CaptchaStack;
test.beforeAll(async () => {
  // A stack of its own: migrations, seed and password hashing take a while on a loaded machine.
  test.setTimeout(90_000);
  world = await startCaptchaStack();
});
test.afterAll(async () => {
  await world?.stop();
});

/** The page names the captcha service, as a site owner's snippet would. */
async function openAsCaptchaService(page: Page, path: string): Promise<void> {
  await routeRecaptchaDouble(page, world.verifier);
  await page.addInitScript((serviceName) => {
    (window as unknown as { FoyerSettings: unknown }).FoyerSettings = { serviceName };
  }, CAPTCHA_SERVICE);
  await page.goto(`${world.stack.demoUrl}${path}`);
}

test('the login widget asks for the captcha, refuses to log in without it, then logs in', async ({ page }) => {
  await openAsCaptchaService(page, '/login-only');
  const login = new LoginWidget(page);
  await expect(login.frame.getByRole('group', { name: 'Verification' })).toBeVisible();
  await login.email.fill(DEMO_ACCOUNT.email);
  await login.password.fill(DEMO_ACCOUNT.password);
  await login.submit.click();
  await expect(login.frame.getByText(NOT_A_ROBOT)).toBeVisible();
  const verified = world.verifier.requests.length;
  expect(verified, 'nothing reaches the server without a token').toBe(0);

  await login.frame.getByRole('button', { name: "I'm not a robot" }).click();
  await expect(login.frame.getByText(NOT_A_ROBOT)).toHaveCount(0);
  await login.submit.click();
  await expect(login.frame.getByText('You are logged in')).toBeVisible();
  expect(world.verifier.requests.at(-1)).toMatchObject({ response: expect.stringMatching(/^double-/) });
});

test("the checkout's login step logs in to a captcha service", async ({ page }) => {
  await openAsCaptchaService(page, '/shop');
  const shop = new Shop(page);
  await shop.pick('Monthly', 'Print and digital');
  await shop.choosePaymentType('Bank transfer');
  await shop.press(shop.checkout);
  await expect(shop.dialog).toBeVisible();
  const login = shop.step('login');
  await login.getByLabel('Email').fill(DEMO_ACCOUNT.email);
  await login.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await login.getByRole('button', { name: "I'm not a robot" }).click();
  await expect(login.getByRole('button', { name: 'Verified' })).toBeVisible();
  await shop.press(login.getByRole('button', { name: 'Log in', exact: true }));
  // Logged in: the checkout moves on to the profile step.
  await expect(shop.step('product-profile').getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
  expect(world.verifier.requests.at(-1)).toMatchObject({ response: expect.stringMatching(/^double-/) });
});

test('the server refuses a login without a token with the spec message', async ({ request }) => {
  const response = await request.post(`${world.stack.widgetsUrl}/ic/api/session`, {
    headers: {
      authorization: formatAuthorization({ serviceName: CAPTCHA_SERVICE }),
      ...(await frameHeaders(world.stack.widgetsUrl, CAPTCHA_SERVICE)),
    },
    data: {
      realmName: 'default',
      authenticationSchemeName: 'default',
      identifiers: [{ name: 'email', value: DEMO_ACCOUNT.email }],
      validators: [{ name: 'password', value: DEMO_ACCOUNT.password }],
    },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({ code: 'RECAPTCHA_VERIFICATION_FAILED', message: NOT_A_ROBOT });
});

test('the purchase sign-up of a captcha service asks for the captcha, and again for the login', async ({ page }) => {
  await openAsCaptchaService(page, '/shop');
  const shop = new Shop(page);
  await shop.pick('Monthly', 'Print and digital');
  await shop.press(shop.checkout);
  await shop.press(shop.step('login').getByRole('button', { name: 'Create an account' }));
  const profile = shop.step('product-profile');
  await profile.getByLabel('Email').fill(uniqueEmail());
  await profile.getByLabel('Password', { exact: true }).fill('new-visitor-1');
  await profile.getByLabel(/^Confirm/).fill('new-visitor-1');
  await profile.getByLabel('First name').fill('Grace');
  await profile.getByLabel('Last name').fill('Hopper');
  await shop.fillAddress(shop.deliveryAddress());
  // Without the captcha nothing is sent.
  const before = world.verifier.requests.length;
  await shop.press(shop.saveProfile);
  await expect(profile.getByText(NOT_A_ROBOT).first()).toBeVisible();
  expect(world.verifier.requests.length).toBe(before);

  await profile.getByRole('button', { name: "I'm not a robot" }).click();
  await expect(profile.getByRole('button', { name: 'Verified' })).toBeVisible();
  await shop.press(shop.saveProfile);
  // The account is created with the first token; the login needs a second one.
  await expect(profile.getByText('Please complete the verification again to log in.', { exact: false })).toBeVisible();
  await profile.getByRole('button', { name: "I'm not a robot" }).click();
  await shop.press(shop.saveProfile);
  await expect(shop.confirmOrder).toBeVisible();
  expect(world.verifier.requests.length - before).toBe(2);
});

test('the social link panel of a captcha service asks for the captcha before it logs in and links', async ({
  page,
}) => {
  // A new person at this stack's Google stand-in (its own per stack), not linked to any account.
  const authorize = await fetch(
    `${world.stack.widgetsUrl}/ic/api/social/google/authorize?serviceName=${CAPTCHA_SERVICE}&attempt=e2e-probe-0001`,
    { redirect: 'manual' },
  );
  const standIn = new URL(authorize.headers.get('location')!).origin;
  const id = `captcha-link-${Date.now()}`;
  const person = await fetch(`${standIn}/__stand-in/person`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, email: `${id}@social.test`, firstName: 'Cap', lastName: 'Tcha' }),
  });
  expect(person.status).toBe(204);

  await openAsCaptchaService(page, '/social');
  const login = new LoginWidget(page);
  const popup = page.waitForEvent('popup');
  await login.frame.getByRole('button', { name: 'Sign in with Google' }).click();
  await popupClosed(popup);
  // The registration panel has just replaced the form and the frame is still growing to fit it.
  await untilFramesSettled(page);
  await login.frame.getByRole('button', { name: 'I already have a account' }).click();
  await expect(login.frame.getByRole('heading', { name: 'Link an Account' })).toBeVisible();
  await login.frame.getByLabel('Email').fill(DEMO_ACCOUNT.email);
  await login.frame.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await expect(login.frame.getByRole('group', { name: 'Verification' })).toBeVisible();

  // Without the captcha nothing is sent.
  const before = world.verifier.requests.length;
  await login.frame.getByRole('button', { name: 'Link Account' }).click();
  await expect(login.frame.getByText(NOT_A_ROBOT)).toBeVisible();
  expect(world.verifier.requests.length).toBe(before);

  await login.frame.getByRole('button', { name: "I'm not a robot" }).click();
  await expect(login.frame.getByRole('button', { name: 'Verified' })).toBeVisible();
  await login.frame.getByRole('button', { name: 'Link Account' }).click();
  await expect(login.frame.getByText('You are logged in')).toBeVisible();
  expect(world.verifier.requests.at(-1)).toMatchObject({ response: expect.stringMatching(/^double-/) });
  // Linked: the unlink widget beside it lists Google for the demo account.
  await expect(widgetFrame(page, 'unlink-accounts').getByRole('button', { name: 'Unlink Google' })).toBeVisible();
});
