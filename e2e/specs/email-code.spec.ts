/**
 * Issue 31: sign-in by e-mail code against the real stack, in both storage modes. The seeded
 * `demo-code` service offers it (the demo pages choose that service with `?serviceName=`): an
 * account is created by a code read from the outbox, a wrong code is announced, then the account
 * signs in by code, and by the link of the same kind of mail. axe checks every new state.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { axeViolations, widgetDocument } from '../support/axe';
import { outbox } from '../support/mailbox';
import { stack } from '../support/stack';
import { recordHostEvents, widgetFrame } from '../support/widgets';

const SERVICE = 'demo-code';
// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

const uniqueEmail = () => `code-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@foyer.test`;

/**
 * The code and the link of the newest mail to `to`, once there are more than `seen` mails to that
 * address (the outbox lists the newest first; mail goes out after the answer, so this polls).
 */
async function mailedCode(
  request: APIRequestContext,
  to: string,
  seen: number,
): Promise<{ code: string; link: string }> {
  let text = '';
  await expect
    .poll(async () => {
      const mails = (await outbox(request)).filter((mail) => mail.to === to);
      text = mails.length > seen ? mails[0]!.text : '';
      return /: (\d{6})\n/.test(text);
    })
    .toBe(true);
  return { code: /: (\d{6})\n/.exec(text)![1]!, link: /https?:\/\/\S+emailCodeKey=\S+/.exec(text)![0] };
}

const mailsTo = async (request: APIRequestContext, to: string) =>
  (await outbox(request)).filter((mail) => mail.to === to).length;

/** A code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function noAxeViolations(page: Page, widget: string): Promise<void> {
  expect(await axeViolations(widgetDocument(page, widget))).toEqual([]);
}

test(
  'creates an account by a code from the outbox, announces a wrong code, then signs in by code and by the link',
  { tag: BOTH_STORAGE_MODES },
  async ({ page, request }) => {
    // Three mails, two pages and five frames' worth of axe.
    test.setTimeout(90_000);
    const email = uniqueEmail();
    const events = await recordHostEvents(page, ['login.success', 'registration.success', 'login.failed']);

    // Registration: the code creates the account.
    await page.goto(`${stack.demoUrl}/register?serviceName=${SERVICE}`);
    const registration = widgetFrame(page, 'registration');
    await registration.getByRole('button', { name: 'Create my account with an e-mail code' }).click();
    const address = registration.getByLabel('Email', { exact: true });
    await expect(address).toBeFocused();
    await expect(address).toHaveAttribute('autocomplete', 'email');
    await noAxeViolations(page, 'registration');
    await address.fill(email);
    await registration.getByRole('button', { name: 'Send the code' }).click();
    const codeField = registration.getByLabel('Code', { exact: true });
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await expect(registration.getByRole('status')).toContainText(`We have sent a 6-digit code to ${email}`);
    await expect(registration.getByRole('button', { name: /^Send another code \(in \d+ s\)$/ })).toBeDisabled();
    await noAxeViolations(page, 'registration');

    const { code } = await mailedCode(request, email, 0);
    const mail = (await outbox(request)).find((candidate) => candidate.to === email)!;
    expect(mail.text).toMatch(/Asked from: http:\/\/localhost:\d+/);
    expect(mail.text).toMatch(/Browser: Chrome/);

    // A wrong code first: announced (role alert), focused, and the field emptied for the next try.
    await codeField.fill(wrong(code));
    await registration.getByRole('button', { name: 'Continue' }).click();
    const alert = registration.getByRole('alert');
    await expect(alert).toContainText('This code is not right or has expired.');
    await expect(alert).toBeFocused();
    await expect(codeField).toHaveValue('');
    await noAxeViolations(page, 'registration');

    await codeField.fill(code);
    await registration.getByRole('button', { name: 'Continue' }).click();
    await expect(
      registration.getByText('The account has been successfully created. You are now logged in.'),
    ).toBeVisible();
    await expect
      .poll(async () => (await events()).map((event) => event.name))
      .toEqual(['login.failed', 'registration.success', 'login.success']);
    expect((await events())[2]?.detail).toMatchObject({ method: 'email_code' });

    // Log in again by code. With the frames' storage granted the session is still there: log out first.
    await page.goto(`${stack.demoUrl}/login?serviceName=${SERVICE}`);
    const login = widgetFrame(page, 'login');
    const offer = login.getByRole('button', { name: 'Email me a sign-in code' });
    const loggedIn = login.getByText('You are logged in');
    await expect(offer.or(loggedIn)).toBeVisible();
    if (await loggedIn.isVisible()) await login.getByRole('button', { name: 'Log out' }).click();
    await offer.click();
    await login.getByLabel('Email', { exact: true }).fill(email);
    const before = await mailsTo(request, email);
    await login.getByRole('button', { name: 'Send the code' }).click();
    await expect(login.getByRole('status')).toContainText(`If ${email} can sign in here`);
    await noAxeViolations(page, 'login');
    await login.getByLabel('Code', { exact: true }).fill((await mailedCode(request, email, before)).code);
    await login.getByRole('button', { name: 'Continue' }).click();
    await expect(login.getByText('You are logged in')).toBeVisible();
    await expect
      .poll(async () => (await events()).find((event) => event.name === 'login.success')?.detail)
      .toMatchObject({ method: 'email_code' });

    // The link of another code mail signs in on the page it opens.
    await login.getByRole('button', { name: 'Log out' }).click();
    await login.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await login.getByLabel('Email', { exact: true }).fill(email);
    const beforeLink = await mailsTo(request, email);
    await login.getByRole('button', { name: 'Send the code' }).click();
    const { link } = await mailedCode(request, email, beforeLink);
    expect(new URL(link).pathname).toBe('/login');
    expect(new URL(link).searchParams.get('serviceName')).toBe(SERVICE);
    await page.goto(link);
    await expect(widgetFrame(page, 'login').getByText('You are logged in')).toBeVisible();
    // Used once: the same link again says so, with a way to a new code.
    await widgetFrame(page, 'login').getByRole('button', { name: 'Log out' }).click();
    await page.goto(link);
    const used = widgetFrame(page, 'login').getByRole('alert');
    await expect(used).toContainText('This sign-in link has already been used or has expired.');
    await noAxeViolations(page, 'login');
  },
);
