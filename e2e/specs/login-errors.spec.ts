import { expect, test, type Page, type Response } from '@playwright/test';
import { IDENTITY_ERRORS, formatMessage } from '@foyer/api';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { LoginWidget } from '../support/widgets';

/** Observes (never alters) the frame's POST /session answers. */
function sessionResponses(page: Page): Response[] {
  const seen: Response[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && /\/ic\/api\/session$/.test(response.url())) seen.push(response);
  });
  return seen;
}

test('a wrong password and an unknown account look the same to the caller and show the catalogue text', async ({
  page,
}) => {
  const responses = sessionResponses(page);
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);

  await login.logIn(DEMO_ACCOUNT.email, 'not-the-password');
  await expect(login.alert).toContainText(IDENTITY_ERRORS.IDENTIFIERS_INVALID.text);
  // The visitor's identifier is kept; the password is not.
  await expect(login.email).toHaveValue(DEMO_ACCOUNT.email);
  await expect(login.password).toHaveValue('');

  await login.logIn(`nobody-${Date.now()}@foyer.test`, 'whatever-password');
  await expect.poll(() => responses.length).toBe(2);
  const [wrongPassword, unknownAccount] = responses;
  expect(wrongPassword!.status()).toBe(401);
  expect(unknownAccount!.status()).toBe(wrongPassword!.status());
  expect(await unknownAccount!.json()).toEqual(await wrongPassword!.json());
  await expect(login.alert).toContainText(IDENTITY_ERRORS.IDENTIFIERS_INVALID.text);

  // Still usable after the errors.
  await login.logIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(page.locator('#event-log')).toContainText('foyer:login.success');
});

test('20 quick wrong attempts are refused with a clear rate-limit message, and the widget stays usable', async ({
  page,
}) => {
  const responses = sessionResponses(page);
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);
  const victim = `target-${Date.now()}@foyer.test`;
  await login.email.fill(victim);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await login.password.fill(`wrong-${attempt}`);
    await login.password.press('Enter');
    await expect.poll(() => responses.length).toBe(attempt + 1);
    // The widget clears the password after each failure: type the next one only after that.
    await expect(login.password).toHaveValue('');
  }
  const statuses = responses.map((response) => response.status());
  expect(statuses).toContain(429);
  expect(statuses.at(-1)).toBe(429);
  const body = (await responses.at(-1)!.json()) as { code: string; args: string[] };
  expect(body.code).toBe('TOO_MANY_ATTEMPTS');
  await expect(login.alert).toContainText(formatMessage(IDENTITY_ERRORS.TOO_MANY_ATTEMPTS.text, body.args));
  await expect(login.email).toBeEditable();
  await expect(login.password).toBeEditable();

  // Another account from the same address is not locked out by someone else's attempts.
  await login.logIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(page.locator('#event-log')).toContainText('foyer:login.success');
});
