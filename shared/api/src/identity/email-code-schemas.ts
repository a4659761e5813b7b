/**
 * Sign-in by e-mail code (issue 31): the visitor asks for a code, the server mails a 6-digit code
 * and a link to the address, and either one signs in (or, from the registration widget, creates
 * the account with its address proven). The request's answer is the same whether or not the
 * address has an account.
 */
import * as z from 'zod/mini';
import { name } from './schemas';

/** Where the visitor asked: the login widget signs in; the registration widget may create the account. */
export const EMAIL_CODE_PURPOSES = ['signIn', 'register'] as const;
export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];

/** Digits in a code. */
export const EMAIL_CODE_LENGTH = 6;
/** How long a code (and the link in its mail) works. */
export const EMAIL_CODE_LIFETIME_MINUTES = 10;
/** Wrong codes before the code stops working, even the right one. */
export const EMAIL_CODE_MAX_TRIES = 5;
/** How long the frame waits before it offers to send another code. */
export const EMAIL_CODE_RESEND_WAIT_SECONDS = 30;

const email = z.string().check(z.minLength(3), z.maxLength(255));

export const emailCodeRequestSchema = z.object({
  realmName: name,
  email,
  purpose: z.enum(EMAIL_CODE_PURPOSES),
  /**
   * The host page's origin, named in the mail ("asked from …"). The server names it only when it
   * is one the service allows, so nobody can put words of their own into the mail.
   */
  hostOrigin: z.optional(z.string().check(z.maxLength(200))),
  /** The visitor's language for the mail (en, es, pt-BR; default en). */
  locale: z.optional(z.string().check(z.maxLength(35))),
});
export type EmailCodeRequest = z.infer<typeof emailCodeRequestSchema>;

/** Always the same answer: nothing tells whether a mail went out. */
export const emailCodeRequestedSchema = z.object({ accepted: z.literal(true) });

export const emailCodeSessionSchema = z.object({
  realmName: name,
  email,
  code: z.string().check(z.regex(/^\d{6}$/)),
  rememberMe: z._default(z.boolean(), false),
});
export type EmailCodeSession = z.infer<typeof emailCodeSessionSchema>;

/** The key of the mail's link: it does what the code does, once. */
export const emailCodeLinkSessionSchema = z.object({
  key: z.string().check(z.minLength(20), z.maxLength(100)),
  rememberMe: z._default(z.boolean(), false),
});
