import { createRequire } from 'node:module';
import { expect, test, type Frame, type FrameLocator, type Page } from '@playwright/test';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { CAPTCHA_SITE_KEY, routeRecaptchaDouble } from '../support/recaptcha';
import { widgetFrame } from '../support/widgets';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// axe (and, in the captcha test, the reCAPTCHA test double) are scripts the frame's CSP rightly refuses.
test.use({ bypassCSP: true });

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

class RegistrationWidget {
  readonly frame: FrameLocator;
  constructor(readonly page: Page) {
    this.frame = widgetFrame(page, 'registration');
  }
  field(label: string) {
    return this.frame.getByLabel(label, { exact: true });
  }
  get submit() {
    return this.frame.getByRole('button', { name: 'Create account' });
  }
  get alert() {
    return this.frame.getByRole('alert');
  }
  async fill(email: string, password = 'new-secret-1') {
    await this.field('Email').fill(email);
    await this.field('Password').fill(password);
    await this.field('Confirm Password').fill(password);
    await this.field('First name').fill('Reggie');
    await this.field('Last name').fill('Strar');
  }
}

const uniqueEmail = () => `reg-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@foyer.test`;

async function mailbox(page: Page): Promise<Mail[]> {
  const response = await page.request.get(`${stack.widgetsUrl}/dev/mailbox`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Mail[];
}

async function axeViolations(frame: Frame): Promise<string[]> {
  await frame.addScriptTag({ path: axePath });
  return frame.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document);
    return violations.map(
      (violation) => `${violation.id} ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
  });
}

function registrationFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().includes('/w/registration'));
  if (!frame) throw new Error('no registration frame');
  return frame;
}

test('register a new account: success state, events, and the activation mail with its link', async ({ page }) => {
  await page.goto(`${stack.demoUrl}/register`);
  const widget = new RegistrationWidget(page);
  await expect(widget.field('Email')).toHaveAttribute('autocomplete', 'email');
  await expect(widget.field('Password')).toHaveAttribute('autocomplete', 'new-password');
  await expect(widget.field('Confirm Password')).toHaveAttribute('autocomplete', 'new-password');
  await expect(widget.frame.getByLabel('Year')).toHaveAttribute('autocomplete', 'bday-year');
  expect(await axeViolations(registrationFrame(page))).toEqual([]);

  // Error state: the general message lists every missing attribute.
  await widget.submit.click();
  await expect(widget.alert).toContainText('Email, Password, Confirm Password, First name, Last name are mandatory.');
  expect(await axeViolations(registrationFrame(page))).toEqual([]);

  const email = uniqueEmail();
  await widget.fill(email);
  // The uniqueness check (750 ms after typing) against the real server: free.
  await expect(widget.frame.getByText('Available')).toBeVisible();
  await widget.frame.getByLabel('Day').selectOption('9');
  await widget.frame.getByLabel('Month').selectOption('4');
  await widget.frame.getByLabel('Year').selectOption('1990');
  await widget.submit.click();

  const success = widget.frame.getByRole('status').filter({ hasText: 'The account has been successfully created.' });
  await expect(success).toContainText('Please check your mailbox.');
  await expect(page.locator('#event-log')).toContainText('foyer:registration.success');
  // ~1.5 s later: no session (the account awaits activation), so the page is told to send the visitor to login.
  await expect(page.locator('#event-log')).toContainText('foyer:registration.redirect {"to":"login"');
  await expect(page.locator('#next-step')).toHaveText('Next: activate your account from the email, then log in.');
  expect(await axeViolations(registrationFrame(page))).toEqual([]);

  const mail = (await mailbox(page)).find((message) => message.to === email);
  expect(mail?.subject).toMatch(/activate/i);
  const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeTruthy();
  // Links point at the server's DEMO_SITE_URL (its origin is not necessarily this run's demo port).
  const url = new URL(link ?? '');
  expect(url.pathname).toBe('/activate');
  expect(url.searchParams.get('activationKey')).toMatch(/^\S{20,}$/);
  expect(url.searchParams.get('serviceName')).toBe('demo');
  expect(mail?.text).not.toContain('new-secret-1');
});

// Issue 32, item 11: the spec's duplicate_user_profile, with its ways out (log in, forgot password).
test('a duplicate email says it is in use, keeps everything typed, and offers the ways out', async ({ page }) => {
  await page.goto(`${stack.demoUrl}/register`);
  const widget = new RegistrationWidget(page);
  await widget.fill(DEMO_ACCOUNT.email, 'typed-pw-1');
  // The cross, in words.
  await expect(widget.frame.getByText('Already registered')).toBeVisible();
  await widget.submit.click();
  await expect(widget.alert).toContainText('Email already in use! Please log in or use another email address.');
  await expect(page.locator('#event-log')).toContainText('foyer:registration.failed {"code":"duplicate_user_profile"');
  await expect(widget.field('Email')).toHaveValue(DEMO_ACCOUNT.email);
  await expect(widget.field('Password')).toHaveValue('typed-pw-1');
  await expect(widget.field('Confirm Password')).toHaveValue('typed-pw-1');
  await expect(widget.field('First name')).toHaveValue('Reggie');
  expect(await axeViolations(registrationFrame(page))).toEqual([]);

  // Forgot password: the reset panel with the typed address; Cancel comes back to the form as it was.
  await widget.alert.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(widget.frame.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expect(widget.frame.getByRole('textbox', { name: 'Email' })).toHaveValue(DEMO_ACCOUNT.email);
  await widget.frame.getByRole('button', { name: 'Cancel' }).click();
  await expect(widget.submit).toBeVisible();
  await expect(widget.field('Password')).toHaveValue('typed-pw-1');

  // Log in: the login form in place, which logs the visitor in.
  await widget.alert.getByRole('button', { name: 'Log in' }).click();
  const login = widget.frame.locator('form').filter({ has: widget.frame.getByRole('button', { name: 'Log in' }) });
  await login.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNT.email);
  await login.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(widget.frame.getByText('You are logged in')).toBeVisible();
  await expect(page.locator('#event-log')).toContainText('foyer:login.success');
});

test('cancel publishes registration.cancelled and empties the form', async ({ page }) => {
  await page.goto(`${stack.demoUrl}/register`);
  const widget = new RegistrationWidget(page);
  await widget.field('First name').fill('Gone');
  await widget.frame.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('#event-log')).toContainText('foyer:registration.cancelled');
  await expect(widget.field('First name')).toHaveValue('');
});

/**
 * The captcha, with Google's script replaced by a local test double through page.route (no
 * request leaves the machine): it renders an "I'm not a robot" button that solves the captcha.
 */
test('with a captcha configured: refused until solved, then registered', async ({ page }) => {
  // A site key the server knows (the seeded demo-captcha service's: the frame asks the server for
  // its settings, and refuses a key it does not know). The shared double
  // (e2e/support/doubles/recaptcha.js) stands in for Google's script. The demo service itself has
  // no site key, so the server checks no token here: the page's setting alone makes the frame ask.
  const SITE_KEY = CAPTCHA_SITE_KEY;
  const scriptRequests = await routeRecaptchaDouble(page);
  await page.addInitScript((siteKey) => {
    (window as unknown as { FoyerSettings: unknown }).FoyerSettings = { recaptchaSiteKey: siteKey };
  }, SITE_KEY);
  await page.goto(`${stack.demoUrl}/register`);
  const widget = new RegistrationWidget(page);
  await widget.fill(uniqueEmail());
  await widget.submit.click();
  await expect(widget.alert).toHaveText(/^Please verify that you are not a robot/);
  await widget.frame.getByRole('button', { name: "I'm not a robot" }).click();
  await widget.submit.click();
  await expect(widget.frame.getByText(/The account has been successfully created\./)).toBeVisible();
  expect(scriptRequests()).toBe(1);
});
