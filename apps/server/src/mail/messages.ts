/**
 * The activation and reset mails. Their links open the demo site's widget pages, which run the
 * account-activation and reset-password widgets with the key from the query.
 */
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

export function activationMail(input: {
  to: string;
  siteUrl: string;
  key: string;
  service: { name: string; displayName: string };
}): MailMessage {
  return message(
    input.to,
    `Activate your ${input.service.displayName} account`,
    `Welcome to ${input.service.displayName}. Please confirm your e-mail address to activate your account.`,
    'Activate your account',
    activationUrl(input.siteUrl, input.key, input.service.name),
    'The link works once and expires in 7 days. If you did not register, ignore this mail.',
  );
}

export function resetMail(input: {
  to: string;
  siteUrl: string;
  key: string;
  service: { name: string; displayName: string };
}): MailMessage {
  return message(
    input.to,
    `Reset your ${input.service.displayName} password`,
    `Someone asked to reset the password of your ${input.service.displayName} account.`,
    'Choose a new password',
    resetUrl(input.siteUrl, input.key, input.service.name),
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
  );
}
