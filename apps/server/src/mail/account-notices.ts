/**
 * What the site's staff did to a person's account from the console (issue 28), told to the person:
 * locked, unlocked, a copy of their data exported, their data erased. Plain notices without links:
 * nothing in them may be used to act on the account.
 */
import type { MailMessage } from './mailer';
import { escapeHtml } from './messages';

interface NoticeInput {
  to: string;
  service: { name: string; displayName: string };
}

function notice(to: string, subject: string, paragraphs: readonly string[]): MailMessage {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
  };
}

export function accountLockedNotice(input: NoticeInput): MailMessage {
  return notice(input.to, `Your ${input.service.displayName} account was locked`, [
    `The staff of ${input.service.displayName} locked your account: you cannot sign in, and you were signed out everywhere.`,
    'If you think this is a mistake, reply to the site to have it unlocked.',
  ]);
}

export function accountUnlockedNotice(input: NoticeInput): MailMessage {
  return notice(input.to, `Your ${input.service.displayName} account was unlocked`, [
    `The staff of ${input.service.displayName} unlocked your account: you can sign in again.`,
    'If you forgot your password, use "Forgot password" on the sign-in form.',
  ]);
}

export function accountExportedNotice(input: NoticeInput): MailMessage {
  return notice(input.to, `A copy of your ${input.service.displayName} data was made`, [
    `The staff of ${input.service.displayName} exported a copy of the data held about you (your profile, orders, payments and subscriptions), as people may ask under data protection law.`,
    'If you did not ask for it, contact the site to know why.',
  ]);
}

export function accountErasedNotice(input: NoticeInput): MailMessage {
  return notice(input.to, `Your ${input.service.displayName} data was erased`, [
    `The staff of ${input.service.displayName} erased your account: your profile, sign-in, addresses, linked networks and invitations are gone, and any subscription was ended without a refund.`,
    'The records of your orders and payments are kept, without your name or addresses, for as long as the law requires bookkeeping records to be kept.',
    'This address may be used to register again; it will be a new account.',
  ]);
}
