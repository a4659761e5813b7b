/**
 * Issue 11, finding 2, against the real stack: a customer changes the e-mail address in
 * edit-profile with a fresh proof of the password (secure mode: the password login's secure
 * session), is told to check the new address's mail, follows the mailed link to the demo's
 * confirm-identifier page and, once it says so, logs in with the new address (the old one no
 * longer works). axe-core checks the confirmation page.
 */
import { axeViolations, widgetDocument } from '../support/axe';
import { expect } from '@playwright/test';
import { test } from '../support/api-test';
import { uniqueEmail } from '../support/purchase';
import { stack } from '../support/stack';
import { LoginWidget, ProfileWidget, untilFramesSettled, widgetFrame } from '../support/widgets';
import { mailedLink } from '../support/mailbox';

// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

test('a changed e-mail takes effect once the new address confirms the mailed link; then it logs in', async ({
  page,
  request,
}) => {
  test.slow(); // registration, activation, the change and its confirmation: four page loads and two mails
  const oldAddress = uniqueEmail();
  const newAddress = uniqueEmail();
  const password = 'mover-pw-1';
  const registered = await request.post(`${stack.widgetsUrl}/ic/api/userProfile`, {
    data: {
      realm: 'default',
      services: ['demo'],
      attributes: [
        { name: 'email', value: oldAddress },
        { name: 'password', value: password },
        { name: 'firstName', value: 'Mo' },
        { name: 'lastName', value: 'Ver' },
      ],
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await page.goto(await mailedLink(request, oldAddress, 'activationKey'));
  await expect(widgetFrame(page, 'account-activation').getByRole('alert')).toContainText(
    'Your account has been activated',
  );

  // The gallery's edit-profile leaves the e-mail editable; secure mode makes the password login's
  // secure session the proof the server asks for.
  await page.addInitScript(() => {
    (window as unknown as { FoyerSettings: object }).FoyerSettings = { secureMode: true };
  });
  await page.goto(`${stack.demoUrl}/gallery`);
  // The gallery's frames load and grow at once, moving the login: its button is pressed once still.
  await untilFramesSettled(page);
  await new LoginWidget(page).logIn(oldAddress, password);
  const edit = widgetFrame(page, 'edit-profile');
  const email = edit.getByLabel(/^Email/);
  await expect(email).toHaveValue(oldAddress);
  await email.fill(newAddress);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Check your mail to confirm your new address')).toBeVisible();
  // Nothing changed yet: the old address is still the one shown.
  await expect(email).toHaveValue(oldAddress);
  // Logged out, the visitor opens the mail (the link works in any browser, without a session).
  const profile = new ProfileWidget(page);
  await profile.logOut();
  await expect(profile.logout).toBeHidden();

  const link = await mailedLink(request, newAddress, 'identifierChangeKey');
  expect(new URL(link).pathname).toBe('/confirm-identifier');
  await page.goto(link);
  const confirmation = widgetFrame(page, 'confirm-identifier').getByRole('alert');
  await expect(confirmation).toHaveText('Your new e-mail address is confirmed. Log in with it.');
  await expect(page.locator('#event-log')).toContainText('foyer:identifierChange.confirmed');
  expect(await axeViolations(widgetDocument(page, 'confirm-identifier'))).toEqual([]);

  // The old address no longer logs in; the new one does.
  const login = new LoginWidget(page);
  await login.logIn(oldAddress, password);
  await expect(login.alert).toBeVisible();
  await login.logIn(newAddress, password);
  await expect(page.locator('#event-log')).toContainText('foyer:login.success');

  // The link is single-use: opened again, it says so.
  await page.goto(link);
  await expect(widgetFrame(page, 'confirm-identifier').getByRole('alert')).toHaveText(
    'This confirmation link has already been used or has expired.',
  );
});
