/** The mail that brings a friend to the demo site's invitation page with the key in its address. */
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/messages';

export function invitationUrl(siteUrl: string, invitationKey: string): string {
  const url = new URL('invitation', `${siteUrl.replace(/\/$/, '')}/`);
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
}): MailMessage {
  const intro = `You have been invited to share a ${input.productName} subscription.`;
  const action = 'See the invitation';
  const url = invitationUrl(input.siteUrl, input.invitationKey);
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
