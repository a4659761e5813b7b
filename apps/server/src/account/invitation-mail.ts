/** The mail that brings a friend to the site's invitation page with the key in its address. */
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/messages';

/**
 * The site's page that shows an invitation by its `invitationKey`, per widget generation: version 2
 * sites have the grant-invitations page, version 1 sites (invites through the older service) their
 * account page with the v1/grant widget (purchase spec §2 "Version 1 widgets", §7).
 */
export const INVITATION_PAGES = { 1: 'my-account-v1', 2: 'invitation' } as const;
export type WidgetVersion = keyof typeof INVITATION_PAGES;

export function invitationUrl(siteUrl: string, invitationKey: string, version: WidgetVersion = 2): string {
  const url = new URL(INVITATION_PAGES[version], `${siteUrl.replace(/\/$/, '')}/`);
  url.searchParams.set('invitationKey', invitationKey);
  return url.toString();
}

export function invitationMail(input: {
  to: string;
  siteUrl: string;
  invitationKey: string;
  productName: string;
  /** The owner's note, quoted as written. */
  note?: string | undefined;
  /** The generation of the widgets the owner invited from: its site's invitation page. */
  version?: WidgetVersion;
}): MailMessage {
  const intro = `You have been invited to share a ${input.productName} subscription.`;
  const action = 'See the invitation';
  const url = invitationUrl(input.siteUrl, input.invitationKey, input.version);
  const outro =
    'Log in, or register first if you have no account, and accept the invitation. The link expires in 14 days. If you do not know the sender, ignore this mail.';
  const note = input.note ? `"${input.note}"` : '';
  return {
    to: input.to,
    subject: `Invitation to ${input.productName}`,
    text: `${intro}\n\n${note ? `${note}\n\n` : ''}${action}: ${url}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      (note ? `<blockquote>${escapeHtml(note)}</blockquote>` : '') +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}
