/**
 * The site owner's own words in Foyer's mails (issue 27): per service, a mail's subject and its
 * opening paragraph, for one language or for all, with `{placeholders}` filled in when the mail
 * is sent. What each mail offers is fixed here, once for the schema that checks a configuration
 * and for the server that fills it. Everything else in a mail (links, amounts tables, legal lines
 * such as "the link expires in 7 days") stays Foyer's, so a custom text cannot lose it.
 */
import * as z from 'zod/mini';

/** The placeholders each mail offers (values are formatted in the mail's language). */
export const MAIL_TEXT_PLACEHOLDERS = {
  activation: ['service'],
  reset: ['service'],
  order_confirmed: ['service', 'total'],
  receipt: ['service', 'plan', 'amount'],
  payment_failed: ['service', 'plan', 'amount'],
  cancelled: ['service', 'plan', 'date'],
  renewal_reminder: ['service', 'plan', 'date', 'amount'],
  price_changed: ['service', 'plan', 'from', 'to', 'date'],
  subscription_ended: ['service', 'plan'],
} as const satisfies Record<string, readonly string[]>;

export type MailTextKind = keyof typeof MAIL_TEXT_PLACEHOLDERS;
export const MAIL_TEXT_KINDS = Object.keys(MAIL_TEXT_PLACEHOLDERS) as MailTextKind[];

/** The languages Foyer's mails are written in. */
export const MAIL_LOCALES = ['en', 'es', 'pt-BR'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholder names a template uses, in order. */
export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** `template` with each `{name}` replaced by its value (every name is checked beforehand). */
export function fillMailText(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);
}

/** Why `template` does not fit `mail`, or null when it does. */
export function mailTextProblem(mail: MailTextKind, template: string): string | null {
  const offered: readonly string[] = MAIL_TEXT_PLACEHOLDERS[mail];
  const unknown = placeholdersIn(template).filter((name) => !offered.includes(name));
  if (!unknown.length) return null;
  return `unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')}; this mail offers ${offered
    .map((name) => `{${name}}`)
    .join(', ')}`;
}

const line = z.string().check(z.minLength(1), z.maxLength(200));
const paragraph = z.string().check(z.minLength(1), z.maxLength(2_000));

export const mailTextSchema = z.strictObject({
  mail: z.enum(MAIL_TEXT_KINDS as [MailTextKind, ...MailTextKind[]]),
  /** The language it replaces; absent: every language. */
  locale: z.optional(z.enum(MAIL_LOCALES)),
  /** The subject line (no line breaks). */
  subject: z.optional(line.check(z.regex(/^[^\r\n]*$/, 'a subject is one line'))),
  /** The opening paragraph. */
  intro: z.optional(paragraph),
});

export type MailTextConfig = z.output<typeof mailTextSchema>;

/** The owner's subject and opening for `mail` in `locale`: an entry for the language beats one for all. */
export function mailTextFor(
  texts: readonly MailTextConfig[] | undefined,
  mail: MailTextKind,
  locale: MailLocale,
): { subject?: string | undefined; intro?: string | undefined } {
  const general = texts?.find((text) => text.mail === mail && text.locale === undefined);
  const specific = texts?.find((text) => text.mail === mail && text.locale === locale);
  return { subject: specific?.subject ?? general?.subject, intro: specific?.intro ?? general?.intro };
}
