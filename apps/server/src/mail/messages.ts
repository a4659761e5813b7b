/**
 * The activation and reset mails. Their links open the demo site's widget pages, which run the
 * account-activation and reset-password widgets with the key from the query.
 */
import { fillMailText, mailTextFor, type MailLocale, type MailTextConfig, type MailTextKind } from '@foyer/api/config';
import type { MailMessage } from './mailer';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function link(siteUrl: string, path: string, query: Record<string, string>): string {
  const url = new URL(path, `${siteUrl.replace(/\/$/, '')}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

function message(to: string, subject: string, intro: string, action: string, url: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}

export function activationUrl(siteUrl: string, activationKey: string, serviceName: string): string {
  return link(siteUrl, 'activate', { activationKey, serviceName });
}

export function resetUrl(siteUrl: string, resetAttributeKey: string, serviceName: string): string {
  return link(siteUrl, 'reset-password', { resetAttributeKey, serviceName });
}

/** A service as its mails need it: names, and the owner's own subjects and openings. */
interface MailingService {
  name: string;
  displayName: string;
  settings?: { mailTexts?: readonly MailTextConfig[] | undefined } | undefined;
}

/**
 * The owner's subject and opening for `mail` in the reader's language, or Foyer's own (these mails
 * are written in English; an owner can give them in every language).
 */
function ownWords(
  service: MailingService,
  mail: MailTextKind,
  locale: MailLocale,
  defaults: { subject: string; intro: string },
): { subject: string; intro: string } {
  const own = mailTextFor(service.settings?.mailTexts, mail, locale);
  const values = { service: service.displayName };
  return {
    subject: own.subject ? fillMailText(own.subject, values) : defaults.subject,
    intro: own.intro ? fillMailText(own.intro, values) : defaults.intro,
  };
}

export function activationMail(input: {
  to: string;
  siteUrl: string;
  key: string;
  service: MailingService;
  /** The reader's language (the account's `locale`); default English. */
  locale?: MailLocale | undefined;
}): MailMessage {
  const words = ownWords(input.service, 'activation', input.locale ?? 'en', {
    subject: `Activate your ${input.service.displayName} account`,
    intro: `Welcome to ${input.service.displayName}. Please confirm your e-mail address to activate your account.`,
  });
  return message(
    input.to,
    words.subject,
    words.intro,
    'Activate your account',
    activationUrl(input.siteUrl, input.key, input.service.name),
    'The link works once and expires in 7 days. If you did not register, ignore this mail.',
  );
}

export function resetMail(input: {
  to: string;
  siteUrl: string;
  key: string;
  service: MailingService;
  /** The reader's language (the account's `locale`); default English. */
  locale?: MailLocale | undefined;
}): MailMessage {
  const words = ownWords(input.service, 'reset', input.locale ?? 'en', {
    subject: `Reset your ${input.service.displayName} password`,
    intro: `Someone asked to reset the password of your ${input.service.displayName} account.`,
  });
  return message(
    input.to,
    words.subject,
    words.intro,
    'Choose a new password',
    resetUrl(input.siteUrl, input.key, input.service.name),
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
  );
}

export function identifierChangeUrl(
  siteUrl: string,
  guid: string,
  identifierChangeKey: string,
  serviceName: string,
): string {
  return link(siteUrl, 'confirm-identifier', { guid, identifierChangeKey, serviceName });
}

/** To the new address: the change takes effect when this link is followed. */
export function identifierChangeMail(input: {
  to: string;
  siteUrl: string;
  guid: string;
  key: string;
  service: { name: string; displayName: string };
}): MailMessage {
  return message(
    input.to,
    `Confirm your new ${input.service.displayName} e-mail address`,
    `Someone asked to use this address for a ${input.service.displayName} account. The change takes effect once you confirm it.`,
    'Confirm this address',
    identifierChangeUrl(input.siteUrl, input.guid, input.key, input.service.name),
    'The link works once and expires in 24 hours. If you did not ask for it, ignore this mail: nothing changes.',
  );
}

/** "a…@example.com": enough for the owner to recognise an address, not to harvest it. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return `${address.slice(0, 1)}…`;
  return `${address.slice(0, 1)}…${address.slice(at)}`;
}

/** To the old address, at once: whoever stole a session cannot quietly move the account away. */
export function identifierChangeNotice(input: {
  to: string;
  newAddress: string | null;
  service: { name: string; displayName: string };
}): MailMessage {
  const target = input.newAddress ? ` to ${maskAddress(input.newAddress)}` : '';
  const intro = `Someone asked to change the sign-in e-mail address of your ${input.service.displayName} account${target}. It changes only when the new address confirms.`;
  const outro = 'If this was not you, reset your password now with "Forgot password": that cancels the change.';
  return {
    to: input.to,
    subject: `Your ${input.service.displayName} e-mail address is about to change`,
    text: `${intro}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(outro)}</p>`,
  };
}

/**
 * To the account's address, at once, when a network is linked: a link made with a stolen session
 * (the thief's own network) shows up here, in the window before it may stand in for the password
 * (security/social-proof.ts), and the owner can unlink it.
 */
export function socialLinkedNotice(input: {
  to: string;
  networkName: string;
  service: { name: string; displayName: string };
}): MailMessage {
  const intro = `A ${input.networkName} account was linked to your ${input.service.displayName} account: it can now be used to sign in.`;
  const outro = `If this was not you, reset your password now with "Forgot password": a reset unlinks ${input.networkName} and ends every session.`;
  return {
    to: input.to,
    subject: `${input.networkName} was linked to your ${input.service.displayName} account`,
    text: `${intro}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(outro)}</p>`,
  };
}

/**
 * To the account's address after a password reset that removed what may not have been the owner's
 * (issue 24): social links made before anyone proved the address (finding 1) or, on any account,
 * after it was made (finding 4: a thief's link made with a stolen session), and a pending change
 * of the sign-in address. One mail says all of it.
 */
export function resetCleanupNotice(input: {
  to: string;
  /** Display names of the social networks unlinked. */
  droppedNetworks: readonly string[];
  /** A pending change of the sign-in address was cancelled. */
  cancelledChange: boolean;
  /** The reset proved the address for the first time. */
  provedAddress: boolean;
  service: { name: string; displayName: string };
}): MailMessage {
  const removed = [
    ...(input.droppedNetworks.length ? [`the sign-in with ${input.droppedNetworks.join(', ')} linked to it`] : []),
    ...(input.cancelledChange ? ['a pending change of its sign-in e-mail address'] : []),
  ].join('; ');
  const intro = input.provedAddress
    ? `The password of your ${input.service.displayName} account was reset, which confirmed this e-mail address as yours.`
    : `The password of your ${input.service.displayName} account was reset.`;
  const detail = input.provedAddress
    ? `What was set up on the account before the address was confirmed may not have been yours, so it was removed: ${removed}.`
    : `To make sure nobody else can still sign in, the reset also removed what was set up after the account was made: ${removed}.`;
  const outro =
    'If you did not reset the password, reset it again now with "Forgot password". If the networks were yours, sign in and link them again from your account page.';
  return {
    to: input.to,
    subject: `Your ${input.service.displayName} password was reset`,
    text: `${intro}\n\n${detail}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(detail)}</p><p>${escapeHtml(outro)}</p>`,
  };
}
