import { expect, test, type Page } from '@playwright/test';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { LoginWidget, ProfileWidget, recordHostEvents } from '../support/widgets';

/** The host page's own logged-in flag: `evolok.loggedIn` in its storage, the `evolok_loggedIn` cookie. */
const loggedInFlag = (page: Page) =>
  page.evaluate(() => ({
    stored: localStorage.getItem('evolok.loggedIn'),
    cookie: document.cookie.split('; ').includes('evolok_loggedIn=true'),
  }));

// Both storage modes: the session travels between the page's frames whether or not the browser
// lets the frames store it (the reload test below needs storage, so it runs partitioned only).
test(
  'a host page with the snippet only: log in, see the profile, log out',
  { tag: BOTH_STORAGE_MODES },
  async ({ page }) => {
    const hostEvents = await recordHostEvents(page);
    await page.goto(`${stack.demoUrl}/login`);
    const login = new LoginWidget(page);
    const profile = new ProfileWidget(page);

    await expect(profile.frame.getByText(/not logged in/i)).toBeVisible();
    await login.logIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);

    // The host page hears about it both ways: the DOM event and the Foyer.on() callback.
    await expect(page.locator('#event-log')).toContainText('foyer:login.success');
    await expect(page.locator('#event-log')).toContainText('Foyer.on login.success');
    const events = await hostEvents();
    const success = events.find((event) => event.name === 'login.success');
    // The method tells the page how the visitor signed in (issue 31): here, with a password.
    expect(success?.detail).toEqual({ guid: expect.any(String), method: 'password' });
    // Nothing secret reaches the host page unless the site owner opts in.
    expect(JSON.stringify(events)).not.toContain(DEMO_ACCOUNT.password);
    expect(JSON.stringify(events)).not.toContain('sessionId');

    // The profile widget on the same page shows the account without a reload.
    await expect(profile.frame.getByText(DEMO_ACCOUNT.email)).toBeVisible();
    // The logged-in flag (identity spec's storage keys, issue 32 item 15): the page and its server
    // can tell without a frame; it names no account.
    await expect.poll(() => loggedInFlag(page)).toEqual({ stored: 'true', cookie: true });
    const { guid } = success?.detail as { guid: string };
    expect(await page.evaluate(() => document.cookie + JSON.stringify({ ...localStorage }))).not.toContain(guid);

    await profile.logOut();
    await expect(page.locator('#event-log')).toContainText('foyer:logout.action');
    await expect.poll(() => loggedInFlag(page)).toEqual({ stored: 'false', cookie: false });
    await expect(profile.frame.getByText(/not logged in/i)).toBeVisible();
    await expect(login.email).toBeVisible();
    await expect(login.email).toBeEditable();
  },
);

test('the session survives a reload with remember-me and Foyer.logout() ends it from the host page', async ({
  page,
}) => {
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);
  await login.email.fill(DEMO_ACCOUNT.email);
  await login.password.fill(DEMO_ACCOUNT.password);
  await login.frame.getByLabel(/remember me/i).check();
  await login.submit.click();
  const profile = new ProfileWidget(page);
  await expect(profile.frame.getByText(DEMO_ACCOUNT.email)).toBeVisible();

  await page.reload();
  await expect(new ProfileWidget(page).frame.getByText(DEMO_ACCOUNT.email)).toBeVisible();

  await page.getByRole('button', { name: 'Log out from the host page' }).click();
  await expect(new ProfileWidget(page).frame.getByText(/not logged in/i)).toBeVisible();
  await expect(new LoginWidget(page).email).toBeVisible();
});

test('the login form works with the keyboard alone and uses the right autocomplete tokens', async ({ page }) => {
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);
  await expect(login.email).toHaveAttribute('autocomplete', 'username');
  await expect(login.password).toHaveAttribute('autocomplete', 'current-password');

  // From the top of the host page, Tab alone reaches the widget's first field.
  for (let presses = 0; presses < 6; presses += 1) {
    await page.keyboard.press('Tab');
    if (await login.email.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(login.email).toBeFocused();
  await page.keyboard.type(DEMO_ACCOUNT.email);
  await page.keyboard.press('Tab');
  await expect(login.password).toBeFocused();
  await page.keyboard.type(DEMO_ACCOUNT.password);
  await page.keyboard.press('Enter');
  await expect(page.locator('#event-log')).toContainText('foyer:login.success');
});
