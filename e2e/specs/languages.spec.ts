/**
 * Languages (issue 12, Build item 5) against the real stack: a host page with `locale` es or
 * pt-BR shows login, registration, product-profile and edit-profile with no English text — the
 * frame's tables and the server templates' labels alike, also inside the messages of a refused
 * form ('Nombre es obligatorio.') — each frame's <html lang> is the locale, and its iframe is
 * titled in that language.
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { englishIn, englishOnly } from '../support/english';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { widgetFrame, widgetIframe } from '../support/widgets';

const TEXTS = {
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    logIn: 'Iniciar sesión',
    register: 'Crear cuenta',
    next: 'Continuar',
    save: 'Guardar cambios',
    firstNameRequired: 'Nombre es obligatorio.',
    details: 'Tus datos',
  },
  'pt-BR': {
    email: 'E-mail',
    password: 'Senha',
    logIn: 'Entrar',
    register: 'Criar conta',
    next: 'Continuar',
    save: 'Salvar alterações',
    firstNameRequired: 'Nome é obrigatório.',
    details: 'Seus dados',
  },
} as const;

/**
 * The demo's page with the loader and no widget, its settings naming the `locale`
 * (window.FoyerSettings, set before the loader runs), the widgets mounted by `Foyer.mount`.
 */
async function hostPage(page: Page, locale: string, widgets: string[]): Promise<void> {
  await page.addInitScript((locale) => {
    (window as unknown as { FoyerSettings: object }).FoyerSettings = { serviceName: 'demo', locale };
  }, locale);
  await page.goto(`${stack.demoUrl}/loader-only`);
  type Loaded = { Foyer?: { scan?: unknown; mount(element: Element, widget: string): void } };
  await page.waitForFunction(() => !!(window as unknown as Loaded).Foyer?.scan);
  await page.evaluate((widgets) => {
    for (const widget of widgets) {
      const host = document.createElement('div');
      document.querySelector('main')!.append(host);
      (window as unknown as Loaded).Foyer!.mount(host, widget);
    }
  }, widgets);
}

function frameOf(page: Page, widget: string): Frame {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === `/w/${widget}`);
  if (!frame) throw new Error(`no ${widget} frame`);
  return frame;
}

/** What a visitor or a screen reader meets in a frame: its text, title and named attributes. */
const shownText = (frame: Frame) =>
  frame.evaluate(() => {
    const parts = [document.body.innerText, document.title];
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) parts.push(element.getAttribute(name) ?? '');
    return parts.join('\n');
  });

async function expectNoEnglish(page: Page, widget: string, locale: 'es' | 'pt-BR'): Promise<void> {
  const frame = frameOf(page, widget);
  expect(await frame.evaluate(() => document.documentElement.lang), `${widget} <html lang>`).toBe(locale);
  expect(englishIn(await shownText(frame), englishOnly(locale)), `English in ${widget} (${locale})`).toEqual([]);
  const title = await widgetIframe(page, widget).getAttribute('title');
  expect(title, `${widget} iframe title`).not.toMatch(/^Foyer .* widget$/);
  expect(englishIn(title ?? '', englishOnly(locale)), `${widget} iframe title`).toEqual([]);
}

for (const locale of ['es', 'pt-BR'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: login, registration, product profile and edit profile show no English`, async ({ page }) => {
    test.setTimeout(60_000);
    await hostPage(page, locale, ['login', 'registration', 'product-profile']);
    const login = widgetFrame(page, 'login');
    const registration = widgetFrame(page, 'registration');
    const profile = widgetFrame(page, 'product-profile');
    await expect(login.getByLabel(text.email)).toBeVisible();
    await expect(widgetIframe(page, 'login')).toHaveAttribute('title', text.logIn);
    await expectNoEnglish(page, 'login', locale);

    // The refused forms: the messages name the translated labels.
    await registration.getByRole('button', { name: text.register, exact: true }).click();
    await expect(registration.getByText(text.firstNameRequired).first()).toBeVisible();
    await expectNoEnglish(page, 'registration', locale);

    await expect(widgetIframe(page, 'product-profile')).toHaveAttribute('title', text.details);
    await profile.getByRole('button', { name: text.next, exact: true }).click();
    await expect(profile.getByRole('alert').first()).toBeVisible();
    await expectNoEnglish(page, 'product-profile', locale);

    // Logged in (through the Spanish or Brazilian login), the profile editor.
    await login.getByLabel(text.email).fill(DEMO_ACCOUNT.email);
    await login.getByLabel(text.password, { exact: true }).fill(DEMO_ACCOUNT.password);
    await login.getByRole('button', { name: text.logIn, exact: true }).click();
    await expect(login.getByLabel(text.email)).toHaveCount(0);
    await hostPage(page, locale, ['edit-profile']);
    const edit = widgetFrame(page, 'edit-profile');
    await expect(edit.getByRole('button', { name: text.save, exact: true })).toBeVisible();
    await expect(edit.getByLabel(text.email)).toBeVisible();
    await expectNoEnglish(page, 'edit-profile', locale);
  });
}

test('es: the modal is named after its widget in Spanish, and so is its close cross', async ({ page }) => {
  await hostPage(page, 'es', []);
  await page.evaluate(() => (window as unknown as { Foyer: { open(widget: string): void } }).Foyer.open('login'));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Iniciar sesión');
  await expect(dialog.getByRole('button', { name: 'Cerrar', exact: true })).toBeVisible();
  await expect(widgetFrame(page, 'login').getByLabel('Correo electrónico')).toBeVisible();
});

test('a standalone route takes ?locale=', async ({ page }) => {
  await page.goto(`${stack.widgetsUrl}/w/login?serviceName=demo&locale=es`);
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  await expect(page).toHaveTitle('Iniciar sesión');
});
