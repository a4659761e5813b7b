/**
 * The sign-in code mail (issue 31), in English, Spanish or Brazilian Portuguese: the 6-digit code,
 * a link that does what the code does, and where it was asked from (the host site's origin when
 * the service allows it, and the browser), so that someone who did not ask can tell.
 */
import { EMAIL_CODE_LIFETIME_MINUTES, type EmailCodePurpose } from '@foyer/api';
import type { MailLocale } from '@foyer/api/config';
import type { MailMessage } from './mailer';
import { escapeHtml } from './messages';

/** The page the link opens, on the service's site: the login page, or registration for a new account. */
export function emailCodeUrl(siteUrl: string, purpose: EmailCodePurpose, emailCodeKey: string, serviceName: string) {
  const url = new URL(purpose === 'register' ? 'register' : 'login', `${siteUrl.replace(/\/$/, '')}/`);
  url.searchParams.set('emailCodeKey', emailCodeKey);
  url.searchParams.set('serviceName', serviceName);
  return url.toString();
}

/** "Firefox on Windows" from a User-Agent header: enough to recognise one's own browser, nothing more. */
export function browserOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browsers: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
    [/Version\/[\d.]+.*Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return null;
  return [browser, system].filter(Boolean).join(' / ');
}

interface Words {
  subject: (service: string) => string;
  intro: (service: string) => string;
  existing: string;
  code: (code: string) => string;
  action: string;
  validity: string;
  askedFrom: (site: string) => string;
  askedWith: (browser: string) => string;
  notYou: string;
}

const WORDS: Record<MailLocale, Words> = {
  en: {
    subject: (service) => `Your ${service} sign-in code`,
    intro: (service) => `Someone asked to sign in to ${service} with this e-mail address.`,
    existing: 'You already have an account with this address: the code signs you in to it.',
    code: (code) => `Your code: ${code}`,
    action: 'Sign in without the code',
    validity: `The code and the link work once, for ${EMAIL_CODE_LIFETIME_MINUTES} minutes.`,
    askedFrom: (site) => `Asked from: ${site}`,
    askedWith: (browser) => `Browser: ${browser}`,
    notYou: 'If you did not ask for it, ignore this mail: nobody can sign in without the code.',
  },
  es: {
    subject: (service) => `Tu código para entrar en ${service}`,
    intro: (service) => `Alguien pidió entrar en ${service} con esta dirección de correo.`,
    existing: 'Ya tienes una cuenta con esta dirección: el código te hace entrar en ella.',
    code: (code) => `Tu código: ${code}`,
    action: 'Entrar sin el código',
    validity: `El código y el enlace sirven una vez, durante ${EMAIL_CODE_LIFETIME_MINUTES} minutos.`,
    askedFrom: (site) => `Pedido desde: ${site}`,
    askedWith: (browser) => `Navegador: ${browser}`,
    notYou: 'Si no lo pediste, ignora este correo: nadie puede entrar sin el código.',
  },
  'pt-BR': {
    subject: (service) => `Seu código para entrar em ${service}`,
    intro: (service) => `Alguém pediu para entrar em ${service} com este endereço de e-mail.`,
    existing: 'Você já tem uma conta com este endereço: o código faz você entrar nela.',
    code: (code) => `Seu código: ${code}`,
    action: 'Entrar sem o código',
    validity: `O código e o link valem uma vez, por ${EMAIL_CODE_LIFETIME_MINUTES} minutos.`,
    askedFrom: (site) => `Pedido em: ${site}`,
    askedWith: (browser) => `Navegador: ${browser}`,
    notYou: 'Se você não pediu, ignore este e-mail: ninguém consegue entrar sem o código.',
  },
};

export function emailCodeMail(input: {
  to: string;
  code: string;
  url: string;
  serviceDisplayName: string;
  /** A code asked from registration for an address that already has an account: it signs in. */
  existingAccount: boolean;
  /** The host site's origin, only when the service allows it (so nobody writes into the mail). */
  hostOrigin: string | null;
  browser: string | null;
  locale: MailLocale;
}): MailMessage {
  const words = WORDS[input.locale];
  const paragraphs = [words.intro(input.serviceDisplayName), ...(input.existingAccount ? [words.existing] : [])];
  const origin = [
    ...(input.hostOrigin ? [words.askedFrom(input.hostOrigin)] : []),
    ...(input.browser ? [words.askedWith(input.browser)] : []),
  ];
  const text = [
    ...paragraphs,
    words.code(input.code),
    `${words.action}: ${input.url}`,
    words.validity,
    ...(origin.length ? [origin.join('\n')] : []),
    words.notYou,
  ].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p style="font-size:1.5em;letter-spacing:0.2em"><strong>${escapeHtml(input.code)}</strong></p>`,
    `<p><a href="${escapeHtml(input.url)}">${escapeHtml(words.action)}</a></p>`,
    `<p>${escapeHtml(words.validity)}</p>`,
    ...(origin.length ? [`<p>${origin.map(escapeHtml).join('<br>')}</p>`] : []),
    `<p>${escapeHtml(words.notYou)}</p>`,
  ].join('');
  return { to: input.to, subject: words.subject(input.serviceDisplayName), text: `${text}\n`, html };
}
