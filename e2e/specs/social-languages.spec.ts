/**
 * The social widgets in es and pt-BR (issue 14: "in en, es and pt-BR"), in both storage modes: a
 * first sign-in with Google in the login's social buttons, the social registration panel, then
 * link-accounts and unlink-accounts (link Facebook after confirming with Google, unlink it, and the
 * refusal to unlink the last way in of an account without a password). The same walk on an English
 * page first says which English must not show (e2e/support/english.ts).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { walkWithoutEnglish, type Checkpoint } from '../support/english';
import { DESKTOP_CHROME, nextPerson, popupClosed } from '../support/social-popup';
import { mountOnLoaderOnly, untilFramesSettled, widgetFrame } from '../support/widgets';

const TEXTS = {
  en: {
    signInWith: 'Sign in with ',
    create: 'Create Account',
    loggedIn: 'You are logged in',
    link: 'Link ',
    unlink: 'Unlink ',
    confirmWith: 'Confirm with ',
    linked: 'Facebook is now linked to your account.',
    unlinked: 'Facebook is no longer linked to your account.',
  },
  es: {
    signInWith: 'Iniciar sesión con ',
    create: 'Crear cuenta',
    loggedIn: 'Has iniciado sesión',
    link: 'Vincular ',
    unlink: 'Desvincular ',
    confirmWith: 'Confirmar con ',
    linked: 'Facebook ya está vinculado a tu cuenta.',
    unlinked: 'Facebook ya no está vinculado a tu cuenta.',
  },
  'pt-BR': {
    signInWith: 'Entrar com ',
    create: 'Criar conta',
    loggedIn: 'Você está conectado',
    link: 'Vincular ',
    unlink: 'Desvincular ',
    confirmWith: 'Confirmar com ',
    linked: 'Facebook agora está vinculado à sua conta.',
    unlinked: 'Facebook não está mais vinculado à sua conta.',
  },
} as const;

type Locale = keyof typeof TEXTS;

/** The networks' own names: the same in every language. */
const NETWORKS = ['Google', 'Facebook'];

// The stand-in's person is for this worker's browsers only: other tests sign in meanwhile.
const marker = `FoyerE2E/languages-${randomUUID()}`;
const userAgent = `${DESKTOP_CHROME} ${marker}`;
test.use({ userAgent });

/** The fresh proof a link or unlink asks (no password here): 'Confirm with Google', a sign-in popup. */
async function confirmWithGoogle(
  page: Page,
  widget: 'link-accounts' | 'unlink-accounts',
  text: (typeof TEXTS)[Locale],
  checkpoint: Checkpoint,
): Promise<void> {
  const frame = widgetFrame(page, widget);
  const confirm = frame.getByRole('button', { name: `${text.confirmWith}Google` });
  await expect(confirm).toBeVisible();
  await checkpoint(page, widget, NETWORKS);
  await untilFramesSettled(page);
  const popup = page.waitForEvent('popup');
  await confirm.click();
  await popupClosed(popup);
}

async function socialWalk(page: Page, locale: Locale, checkpoint: Checkpoint): Promise<void> {
  const text = TEXTS[locale];
  await page.addInitScript((locale) => {
    (window as unknown as { FoyerSettings: object }).FoyerSettings = { serviceName: 'demo', locale };
  }, locale);
  // One page for the whole walk: where storage is refused a new page would start logged out.
  await mountOnLoaderOnly(page, ['login', 'link-accounts', 'unlink-accounts'], {
    login: { socialNetworks: 'google,facebook' },
  });
  const login = widgetFrame(page, 'login');
  const link = widgetFrame(page, 'link-accounts');
  const unlink = widgetFrame(page, 'unlink-accounts');
  const signIn = login.getByRole('button', { name: `${text.signInWith}Google` });
  await expect(signIn).toBeVisible();
  await checkpoint(page, 'login', NETWORKS);

  // A first sign-in: nobody has this Google account yet, so the registration panel opens.
  await nextPerson('google', { forUserAgent: marker });
  const popup = page.waitForEvent('popup');
  await signIn.click();
  await popupClosed(popup);
  const create = login.getByRole('button', { name: text.create, exact: true });
  await expect(create).toBeVisible();
  await checkpoint(page, 'login', NETWORKS);
  await create.click();
  await expect(login.getByText(text.loggedIn)).toBeVisible();
  await untilFramesSettled(page);

  // The account's links: Google linked, Facebook to link.
  const linkFacebook = link.getByRole('button', { name: `${text.link}Facebook` });
  await expect(linkFacebook).toBeVisible();
  await checkpoint(page, 'link-accounts', NETWORKS);
  await expect(unlink.getByRole('button', { name: `${text.unlink}Google` })).toBeVisible();
  await checkpoint(page, 'unlink-accounts', NETWORKS);

  await nextPerson('facebook', { forUserAgent: marker });
  const linking = page.waitForEvent('popup');
  await linkFacebook.click();
  await popupClosed(linking);
  // Linking asks for a fresh proof (issue 24): this account has no password, so Google again.
  await confirmWithGoogle(page, 'link-accounts', text, checkpoint);
  await expect(link.getByRole('status').filter({ hasText: text.linked })).toBeVisible();
  await checkpoint(page, 'link-accounts', NETWORKS);

  // Unlinking Facebook goes; Google, the last way into an account without a password, is refused.
  await untilFramesSettled(page);
  await unlink.getByRole('button', { name: `${text.unlink}Facebook` }).click();
  // The proof link-accounts got is in the tab's storage, for every frame of the site; where the
  // browser refuses the frames storage it stayed in that frame, and this one asks again.
  if (test.info().project.name === 'e2e-storage-refused') {
    await confirmWithGoogle(page, 'unlink-accounts', text, checkpoint);
  }
  await expect(unlink.getByRole('status').filter({ hasText: text.unlinked })).toBeVisible();
  await untilFramesSettled(page);
  await unlink.getByRole('button', { name: `${text.unlink}Google` }).click();
  await expect(unlink.getByRole('alert')).toBeVisible();
  await checkpoint(page, 'unlink-accounts', NETWORKS);
}

for (const locale of ['es', 'pt-BR'] as const) {
  test(
    `${locale}: social sign-in, registration, link and unlink show no English`,
    { tag: BOTH_STORAGE_MODES },
    async ({ page, browser }) => {
      // Four popups, two registrations, two walks.
      test.setTimeout(120_000);
      await walkWithoutEnglish(browser, page, locale, socialWalk, { userAgent });
    },
  );
}
