/**
 * Account journeys against the real stack (issue 3): activation from a mailed link, forgot
 * password → reset mail → reset → old password refused, new one accepted, change password. Each
 * test registers its own account through the identity API: other specs log in with the demo
 * account in parallel, so its password is never touched here.
 */
import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { stack } from '../support/stack';
import { LoginWidget, widgetFrame } from '../support/widgets';
import { frameHeaders } from '@foyer/api/frame-headers';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

/** axe-core violations inside one widget's frame (its success and error states are checked here). */
async function expectNoAxeViolations(page: Page, widget: string): Promise<void> {
  const frame = page.frames().find((f) => f.url().includes(`/w/${widget}`));
  expect(frame, widget).toBeTruthy();
  await frame!.addScriptTag({ path: axePath });
  const violations = await frame!.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(d: Document): Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run(document)).violations.map((violation) => violation.id);
  });
  expect(violations, widget).toEqual([]);
}

const unique = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@foyer.test`;

async function register(request: APIRequestContext, email: string, password: string): Promise<void> {
  const response = await request.post(`${stack.widgetsUrl}/ic/api/userProfile`, {
    headers: { authorization: 'Evolok evolok.api.service=demo', ...(await frameHeaders(stack.widgetsUrl)) },
    data: {
      realm: 'default',
      services: ['demo'],
      attributes: [
        { name: 'email', value: email },
        { name: 'password', value: password },
        { name: 'firstName', value: 'E2e' },
        { name: 'lastName', value: 'Visitor' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * The newest mail to `to` whose link path is `path`, read from the dev outbox. Mail links point at
 * the configured demo site URL; the e2e demo runs on a free port, so the origin is rewritten to it.
 */
async function mailedLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`${stack.widgetsUrl}/dev/mailbox`)).json()) as Mail[];
        const mail = mails.find((m) => m.to.includes(to) && m.text.includes(`/${path}?`));
        link = mail?.text.match(/https?:\/\/\S+/)?.[0];
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  const url = new URL(link!);
  return `${stack.demoUrl}${url.pathname}${url.search}`;
}

async function activate(page: Page, request: APIRequestContext, email: string): Promise<void> {
  await page.goto(await mailedLink(request, email, 'activate'));
  await expect(widgetFrame(page, 'account-activation').getByRole('alert')).toContainText(
    'Your account has been activated',
  );
  await expectNoAxeViolations(page, 'account-activation');
}

async function logInAs(login: LoginWidget, email: string, password: string) {
  await expect(login.email).toBeVisible();
  await login.logIn(email, password);
}

test('account activation from the mailed link, then log in', async ({ page, request }) => {
  const email = unique();
  await register(request, email, 'first-pass-1');
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);
  // Not active yet: the login offers to send the activation mail again.
  await logInAs(login, email, 'first-pass-1');
  await expect(login.alert).toContainText('Your account is not yet activated');
  await login.frame.getByRole('button', { name: 'Re-send activation email' }).click();
  await expect(login.frame.getByText(/sent you a new activation email/)).toBeVisible();

  await activate(page, request, email);
  const activated = new LoginWidget(page);
  await logInAs(activated, email, 'first-pass-1');
  await expect(activated.frame.getByText('You are logged in')).toBeVisible();

  // The same link again: the key is single-use.
  await page.goto(await mailedLink(request, email, 'activate'));
  const alert = widgetFrame(page, 'account-activation').getByRole('alert');
  await expect(alert).toContainText('already been used');
  await expect(alert).toHaveAttribute('data-severity', 'danger');
  await expectNoAxeViolations(page, 'account-activation');
});

test('forgot password → reset mail → reset → old password fails, new one works', async ({ page, request }) => {
  const email = unique();
  await register(request, email, 'old-pass-1');
  await activate(page, request, email);

  // The login widget's flip panel.
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);
  await login.frame.getByRole('button', { name: 'Forgot your password?' }).click();
  await login.frame.getByLabel('Email').fill(email);
  await login.frame.getByRole('button', { name: 'Reset Password' }).click();
  await expect(login.frame.getByRole('alert')).toContainText('If an account exists for this address');
  await expect(login.frame.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'login');
  await login.frame.getByRole('button', { name: 'OK' }).click();
  await expect(login.submit).toBeVisible();

  await page.goto(await mailedLink(request, email, 'reset-password'));
  const reset = widgetFrame(page, 'reset-password');
  await expect(reset.getByLabel('New password', { exact: true })).toHaveAttribute('autocomplete', 'new-password');
  await reset.getByLabel('New password', { exact: true }).fill('new-pass-2');
  await reset.getByLabel('Confirm new password').fill('new-pass-3');
  await reset.getByLabel('New password', { exact: true }).focus();
  await expect(reset.getByText('Password and Confirm Password do not match')).toBeVisible();
  await expectNoAxeViolations(page, 'reset-password');
  await reset.getByLabel('Confirm new password').fill('new-pass-2');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset.getByRole('alert')).toContainText('Your password has been reset');
  await expectNoAxeViolations(page, 'reset-password');

  const again = new LoginWidget(page);
  await logInAs(again, email, 'old-pass-1');
  await expect(again.alert).toContainText('Invalid username and password');
  await again.password.fill('new-pass-2');
  await again.submit.click();
  await expect(again.frame.getByText('You are logged in')).toBeVisible();

  // The reset link works once.
  await page.goto(await mailedLink(request, email, 'reset-password'));
  const used = widgetFrame(page, 'reset-password');
  await used.getByLabel('New password', { exact: true }).fill('new-pass-4');
  await used.getByLabel('Confirm new password').fill('new-pass-4');
  await used.getByRole('button', { name: 'Reset password' }).click();
  await expect(used.getByRole('alert')).toContainText('This reset link has already been used or has expired.');
  await expectNoAxeViolations(page, 'reset-password');
});

test('change password: the old one fails afterwards, the new one works', async ({ page, request }) => {
  const email = unique();
  await register(request, email, 'old-pass-1');
  await activate(page, request, email);
  await page.goto(`${stack.demoUrl}/change-password`);
  const change = widgetFrame(page, 'change-password');
  await expect(change.getByRole('alert')).toHaveText('Not logged-in!');
  await logInAs(new LoginWidget(page), email, 'old-pass-1');

  await expect(change.getByLabel('Current password')).toHaveAttribute('autocomplete', 'current-password');
  const submit = change.getByRole('button', { name: 'Change password' });
  await expect(submit).toBeDisabled();
  await change.getByLabel('Current password').fill('old-pass-1');
  await change.getByLabel('New password', { exact: true }).fill('new-pass-9');
  await change.getByLabel('Confirm new password').fill('new-pass-9');
  await submit.click();
  await expect(change.getByRole('alert')).toContainText('Your password has been changed');
  await expect(page.locator('#event-log')).toContainText('foyer:changePassword.success');
  await expectNoAxeViolations(page, 'change-password');

  // A fresh browser context: the old password is refused, the new one accepted.
  const other = await page.context().browser()!.newPage();
  await other.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(other);
  await logInAs(login, email, 'old-pass-1');
  await expect(login.alert).toContainText('Invalid username and password');
  await login.password.fill('new-pass-9');
  await login.submit.click();
  await expect(login.frame.getByText('You are logged in')).toBeVisible();
  await other.close();
});
