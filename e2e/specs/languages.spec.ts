/**
 * Languages (issue 12, Build item 5) against the real stack: a host page with `locale` es or
 * pt-BR shows login, registration, product-profile and edit-profile with no English text — the
 * frame's tables and the server templates' labels alike, also inside the messages of a refused
 * form ('Nombre es obligatorio.') — each frame's <html lang> is the locale, and its iframe is
 * titled in that language. The English to look for is what the same walk shows on an English page
 * (e2e/support/english.ts), so the test needs none of the frame's source.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { walkWithoutEnglish, type Checkpoint } from '../support/english';
import { buyAndInvite, uniqueEmail } from '../support/purchase';
import { press } from '../support/pointer';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { chooseAction, mountOnLoaderOnly, untilFramesSettled, widgetFrame, widgetIframe } from '../support/widgets';

const TEXTS = {
  en: {
    email: 'Email',
    password: 'Password',
    logIn: 'Log in',
    register: 'Create account',
    next: 'Continue',
    save: 'Save changes',
    firstNameRequired: 'First name is required.',
    details: 'Your details',
  },
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

type Locale = keyof typeof TEXTS;

/**
 * The demo's page with the loader and no widget, its settings naming the `locale`
 * (window.FoyerSettings, set before the loader runs), the widgets mounted by `Foyer.mount`.
 */
async function hostPage(page: Page, locale: string, widgets: string[]): Promise<void> {
  await page.addInitScript((locale) => {
    (window as unknown as { FoyerSettings: object }).FoyerSettings = { serviceName: 'demo', locale };
  }, locale);
  await mountOnLoaderOnly(page, widgets);
}

/** Login, registration and product profile (with their refusals), then edit profile logged in. */
async function identityWalk(page: Page, locale: Locale, checkpoint: Checkpoint): Promise<void> {
  const text = TEXTS[locale];
  await hostPage(page, locale, ['login', 'registration', 'product-profile']);
  const login = widgetFrame(page, 'login');
  const registration = widgetFrame(page, 'registration');
  const profile = widgetFrame(page, 'product-profile');
  await expect(login.getByLabel(text.email)).toBeVisible();
  await expect(widgetIframe(page, 'login')).toHaveAttribute('title', text.logIn);
  await checkpoint(page, 'login');

  // The refused forms: the messages name the translated labels. The three frames load and grow at
  // once: a click before they settle lands where the button was (lost twice in one CI run).
  await press(registration.getByRole('button', { name: text.register, exact: true }));
  await expect(registration.getByText(text.firstNameRequired).first()).toBeVisible();
  await checkpoint(page, 'registration');

  await expect(widgetIframe(page, 'product-profile')).toHaveAttribute('title', text.details);
  await untilFramesSettled(page);
  await profile.getByRole('button', { name: text.next, exact: true }).click();
  await expect(profile.getByRole('alert').first()).toBeVisible();
  await checkpoint(page, 'product-profile');

  // Logged in (through the Spanish or Brazilian login), the profile editor.
  await login.getByLabel(text.email).fill(DEMO_ACCOUNT.email);
  await login.getByLabel(text.password, { exact: true }).fill(DEMO_ACCOUNT.password);
  await untilFramesSettled(page);
  await login.getByRole('button', { name: text.logIn, exact: true }).click();
  await expect(login.getByLabel(text.email)).toHaveCount(0);
  await hostPage(page, locale, ['edit-profile']);
  const edit = widgetFrame(page, 'edit-profile');
  await expect(edit.getByRole('button', { name: text.save, exact: true })).toBeVisible();
  await expect(edit.getByLabel(text.email)).toBeVisible();
  await checkpoint(page, 'edit-profile');
}

for (const locale of ['es', 'pt-BR'] as const) {
  test(`${locale}: login, registration, product profile and edit profile show no English`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await walkWithoutEnglish(browser, page, locale, identityWalk);
  });
}

/** The account area's texts a visitor acts on (issue 13). */
const ACCOUNT_TEXTS = {
  en: {
    actionsFor: /^Actions for /,
    display: 'Display beneficiaries',
    add: 'Add beneficiary',
    beneficiariesOf: /^Beneficiaries of /,
    addTo: /^Add beneficiary to /,
    emailInvalid: 'Email is invalid.',
    close: 'Close',
    pending: 'Pending',
    cancelSubmit: 'Cancel subscription',
    cancelDate: 'Cancellation date',
    datePast: 'The cancellation date cannot be in the past.',
    acceptFor: /^Accept the invitation to /,
    role: 'Reader',
  },
  es: {
    actionsFor: /^Acciones de /,
    display: 'Ver beneficiarios',
    add: 'Añadir beneficiario',
    beneficiariesOf: /^Beneficiarios de /,
    addTo: /^Añadir beneficiario a /,
    emailInvalid: 'El correo electrónico no es válido.',
    close: 'Cerrar',
    pending: 'Pendiente',
    cancelSubmit: 'Cancelar suscripción',
    cancelDate: 'Fecha de cancelación',
    datePast: 'La fecha de cancelación no puede estar en el pasado.',
    acceptFor: /^Aceptar la invitación a /,
    role: 'Lector',
  },
  'pt-BR': {
    actionsFor: /^Ações de /,
    display: 'Ver beneficiários',
    add: 'Adicionar beneficiário',
    beneficiariesOf: /^Beneficiários de /,
    addTo: /^Adicionar beneficiário a /,
    emailInvalid: 'O e-mail é inválido.',
    close: 'Fechar',
    pending: 'Pendente',
    cancelSubmit: 'Cancelar assinatura',
    cancelDate: 'Data de cancelamento',
    datePast: 'A data de cancelamento não pode estar no passado.',
    acceptFor: /^Aceitar o convite para /,
    role: 'Leitor',
  },
} as const;

/** The demo catalogue's names (English site data, shown as the site wrote them). */
const CATALOGUE = ['Digital access', 'Yearly'];

async function logIn(page: Page, locale: Locale, email: string): Promise<void> {
  const text = TEXTS[locale];
  const login = widgetFrame(page, 'login');
  await login.getByLabel(text.email).fill(email);
  await login.getByLabel(text.password, { exact: true }).fill('languages-pw-1');
  await untilFramesSettled(page);
  await login.getByRole('button', { name: text.logIn, exact: true }).click();
  await expect(login.getByLabel(text.email)).toHaveCount(0);
}

/**
 * A new owner's purchases list with its beneficiary and add-beneficiary dialogs and cancel
 * subscription (with their refusals), then the invited friend's grant invitations.
 */
async function accountWalk(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  locale: Locale,
  checkpoint: Checkpoint,
): Promise<void> {
  const text = ACCOUNT_TEXTS[locale];
  const owner = uniqueEmail();
  const friend = uniqueEmail();
  await buyAndInvite(request, owner, friend, 'languages-pw-1');

  await hostPage(page, locale, ['login', 'purchases-list', 'cancel-subscription']);
  await logIn(page, locale, owner);
  const list = widgetFrame(page, 'purchases-list');
  const row = list.getByRole('row', { name: /Digital access/ });
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await checkpoint(page, 'purchases-list', CATALOGUE);

  // The beneficiaries dialog: the invited friend, pending.
  await chooseAction(
    page,
    list.getByRole('button', { name: text.actionsFor }),
    list.getByRole('menuitem', { name: text.display }),
  );
  const beneficiaries = list.getByRole('dialog', { name: text.beneficiariesOf });
  await expect(beneficiaries.getByRole('row', { name: new RegExp(friend) })).toContainText(text.pending);
  await checkpoint(page, 'purchases-list', [...CATALOGUE, friend, owner]);
  await beneficiaries.getByRole('button', { name: text.close }).first().click();

  // The add-beneficiary dialog with its refusal of an invalid address.
  await chooseAction(
    page,
    list.getByRole('button', { name: text.actionsFor }),
    list.getByRole('menuitem', { name: text.add }),
  );
  const add = list.getByRole('dialog', { name: text.addTo });
  await add.getByLabel(TEXTS[locale].email).fill('not-an-email');
  await add.getByLabel(TEXTS[locale].email).blur();
  await expect(add.getByRole('alert')).toHaveText(text.emailInvalid);
  await checkpoint(page, 'purchases-list', CATALOGUE);

  // Cancel subscription with a date in the past: its refusal too (Cancel stays disabled).
  const cancel = widgetFrame(page, 'cancel-subscription');
  await cancel.getByLabel(text.cancelDate).fill('01/01/2020');
  await cancel.getByLabel(text.cancelDate).blur();
  await expect(cancel.getByText(text.datePast)).toBeVisible();
  await expect(cancel.getByRole('button', { name: text.cancelSubmit, exact: true })).toBeDisabled();
  await checkpoint(page, 'cancel-subscription', CATALOGUE);

  // The friend's grant invitations, with the role's label.
  const friendPage = await browser.newPage();
  try {
    await hostPage(friendPage, locale, ['login', 'grant-invitations']);
    await logIn(friendPage, locale, friend);
    const grants = widgetFrame(friendPage, 'grant-invitations');
    await expect(grants.getByRole('button', { name: text.acceptFor })).toBeVisible();
    await expect(grants.getByRole('row', { name: /Digital access/ })).toContainText(text.role);
    await checkpoint(friendPage, 'grant-invitations', CATALOGUE);
  } finally {
    await friendPage.close();
  }
}

for (const locale of ['es', 'pt-BR'] as const) {
  test(`${locale}: purchases list, its beneficiary dialogs, grant invitations and cancel subscription show no English`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    await walkWithoutEnglish(browser, page, locale, (walked, language, checkpoint) =>
      accountWalk(walked, browser, request, language, checkpoint),
    );
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
