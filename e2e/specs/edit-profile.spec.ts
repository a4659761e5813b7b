import { axeViolations } from '../support/axe';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { LoginWidget, ProfileWidget, widgetFrame } from '../support/widgets';

test.use({ bypassCSP: true });

function editFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().includes('/w/edit-profile'));
  if (!frame) throw new Error('no edit-profile frame');
  return frame;
}

test('edit a profile attribute after logging in: profile.updated reaches the page, the profile shows it', async ({
  page,
}) => {
  await page.goto(`${stack.demoUrl}/account`);
  const edit = widgetFrame(page, 'edit-profile');
  // Empty state: no session yet.
  await expect(edit.getByText('You need to be logged in to use this widget')).toBeVisible();
  expect(await axeViolations(editFrame(page))).toEqual([]);

  await new LoginWidget(page).logIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  const firstName = edit.getByLabel('First name', { exact: true });
  await expect(firstName).toBeEditable();
  // nonEditableAttributes="email" on the demo page: shown, read-only.
  await expect(edit.getByLabel(/^Email/)).toHaveAttribute('readonly', '');

  // Error state: a mandatory attribute emptied.
  await firstName.fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('alert')).toContainText('First name is mandatory.');
  expect(await axeViolations(editFrame(page))).toEqual([]);

  const value = `Demo${Date.now().toString(36)}`;
  await firstName.fill(value);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Successfully Updated!')).toBeVisible();
  await expect(page.locator('#event-log')).toContainText('foyer:profile.updated');
  // Soft: the demo account is put back below whatever this shows.
  await expect.soft(new ProfileWidget(page).frame.getByText(value)).toBeVisible();
  await expect(firstName).toHaveValue(value);
  expect(await axeViolations(editFrame(page))).toEqual([]);

  // Put the demo account back as it was for the other tests.
  await firstName.fill('Demo');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Successfully Updated!')).toBeVisible();
});

test('secure mode: a password login gives a secure session the edit is made with; without it, Session has expired.', async ({
  page,
}) => {
  // The demo account page, as a site owner would set it up with secure mode on.
  await page.addInitScript(() => {
    (window as unknown as { FoyerSettings: object }).FoyerSettings = { secureMode: true };
  });
  await page.goto(`${stack.demoUrl}/account`);
  const edit = widgetFrame(page, 'edit-profile');
  await new LoginWidget(page).logIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  // Last name: the other edit test changes the first name; the two may run side by side.
  const lastName = edit.getByLabel('Last name', { exact: true });
  const before = await lastName.inputValue();
  await lastName.fill(`${before}x`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Successfully Updated!')).toBeVisible();
  await lastName.fill(before);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Successfully Updated!')).toBeVisible();

  // The secure session lives in the widgets origin's tab storage; once it is gone (expired, or a
  // session restored without typing the password), editing is refused.
  await editFrame(page).evaluate(() => sessionStorage.removeItem('evolok.secureSession'));
  await page.reload();
  await expect(widgetFrame(page, 'edit-profile').getByRole('alert')).toContainText('Session has expired.');
});
