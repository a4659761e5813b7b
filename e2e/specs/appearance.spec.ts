import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { stack } from '../support/stack';
import { LoginWidget, ProfileWidget } from '../support/widgets';

/**
 * What a site owner themes, read back from inside a frame: the page and a primary button (a
 * probe: the widget's own may be disabled until its form is filled, or absent).
 */
async function looks(frame: FrameLocator) {
  return frame.locator('body').evaluate((body) => {
    const probe = document.createElement('button');
    probe.className = 'button';
    body.append(probe);
    const { backgroundColor: primary, borderTopLeftRadius: radius } = getComputedStyle(probe);
    probe.remove();
    const style = getComputedStyle(body);
    return { primary, radius, background: style.backgroundColor, text: style.color, font: style.fontFamily };
  });
}

const BRAND = {
  theme: 'light',
  variables: {
    colorPrimary: '#7a1fa2',
    colorBackground: 'rgb(250, 246, 240)',
    colorText: 'hsl(20, 50%, 15%)',
    fontFamily: "Georgia, 'Times New Roman', serif",
    borderRadius: '14px',
  },
};
const BRAND_LOOK = {
  primary: 'rgb(122, 31, 162)',
  background: 'rgb(250, 246, 240)',
  text: 'rgb(57, 32, 19)',
  font: 'Georgia, "Times New Roman", serif',
  radius: '14px',
};
const LIGHT_LOOK = {
  primary: 'rgb(26, 95, 180)',
  background: 'rgb(255, 255, 255)',
  text: 'rgb(31, 35, 40)',
  radius: '4px',
};
const DARK_LOOK = {
  primary: 'rgb(108, 182, 255)',
  background: 'rgb(21, 25, 31)',
  text: 'rgb(230, 237, 243)',
  radius: '4px',
};

async function openWithSettings(page: Page, settings: object) {
  await page.addInitScript((value) => {
    (window as unknown as { FoyerSettings: object }).FoyerSettings = value;
  }, settings);
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);
  const profile = new ProfileWidget(page);
  await expect(login.email).toBeVisible();
  await expect(profile.frame.getByText(/not logged in/i)).toBeVisible();
  return { login, profile };
}

test('the page appearance setting themes every frame; Foyer.setAppearance changes it at run time', async ({ page }) => {
  const { login, profile } = await openWithSettings(page, { appearance: BRAND });
  expect(await looks(login.frame)).toEqual(BRAND_LOOK);
  expect(await looks(profile.frame)).toEqual(BRAND_LOOK);

  await page.evaluate(() =>
    (window as unknown as { Foyer: { setAppearance(value: object): void } }).Foyer.setAppearance({ theme: 'dark' }),
  );
  await expect.poll(() => looks(login.frame)).toMatchObject(DARK_LOOK);
  await expect.poll(() => looks(profile.frame)).toMatchObject(DARK_LOOK);

  await page.evaluate(() =>
    (window as unknown as { Foyer: { setAppearance(value: object): void } }).Foyer.setAppearance({}),
  );
  await expect.poll(() => looks(login.frame)).toMatchObject(LIGHT_LOOK);
});

test('auto follows the visitor’s colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const { login } = await openWithSettings(page, { appearance: { theme: 'auto' } });
  expect(await looks(login.frame)).toMatchObject(DARK_LOOK);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => looks(login.frame)).toMatchObject(LIGHT_LOOK);
});

test('invalid values change nothing and are reported, never injected', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const { login, profile } = await openWithSettings(page, {
    appearance: {
      theme: 'neon',
      variables: {
        colorPrimary: 'red; background: url(https://evil.test/x)',
        colorBackground: 'var(--foyer-color-primary)',
        colorText: 'expression(alert(1))',
        fontFamily: 'x}body{display:none',
        borderRadius: '3',
        spacingUnit: 'calc(100vw)',
      },
    },
  });
  expect(await looks(login.frame)).toMatchObject(LIGHT_LOOK);
  expect(await looks(profile.frame)).toMatchObject(LIGHT_LOOK);
  expect(await login.frame.locator('html').getAttribute('style')).toBeNull();
  expect(warnings.some((text) => /ignored page appearance values: theme, variables\.colorPrimary/.test(text))).toBe(
    true,
  );
});

test("a widget's data-appearance themes that widget only, over the page's", async ({ page }) => {
  const { login } = await openWithSettings(page, { appearance: { variables: { borderRadius: '2px' } } });
  await page.evaluate(() => {
    const host = document.createElement('div');
    host.id = 'themed';
    document.querySelector('main')!.append(host);
    (window as unknown as { Foyer: { mount(element: Element, widget: string, attributes: object): void } }).Foyer.mount(
      host,
      'login',
      { appearance: JSON.stringify({ variables: { colorPrimary: '#0b6e4f', borderRadius: '10px' } }) },
    );
  });
  const themed = new LoginWidget(page, 1);
  await expect(themed.email).toBeVisible();
  expect(await looks(themed.frame)).toMatchObject({ primary: 'rgb(11, 110, 79)', radius: '10px' });
  expect(await looks(login.frame)).toMatchObject({ primary: LIGHT_LOOK.primary, radius: '2px' });
});
