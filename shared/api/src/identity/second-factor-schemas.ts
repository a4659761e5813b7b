/**
 * The visitors' second factor (issue 31): TOTP with ten single-use backup codes. The calls are in
 * second-factor-endpoints.ts; the error codes in errors/second-factor-catalogue.ts.
 */
import * as z from 'zod/mini';
import { sessionResponseSchema } from './schemas';

/** A code as typed: 6 digits from the app, or a backup code (`XXXX-XXXX-XXXX`, any case, dashes optional). */
const code = z.string().check(z.minLength(6), z.maxLength(32));
const ticket = z.string().check(z.minLength(16), z.maxLength(200));

/** GET /userProfile/:guid/secondFactor: what the security widget shows. */
export const secondFactorStatusSchema = z.object({
  /** A confirmed factor: asked at sign-in and at every step-up. */
  enabled: z.boolean(),
  /** Unused backup codes left (0 when not enabled). */
  backupCodesLeft: z.int(),
  /** The service of the call requires a second factor: it cannot be turned off there. */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/**
 * An enrolment started (POST /userProfile/:guid/secondFactor, or with an enrolment ticket POST
 * /session/secondFactor/enrolment): the secret for typing, the otpauth:// URL for scanning, and the
 * same URL as a QR code, an SVG document the frame shows as it is (no QR package in the frame).
 * Shown once; the factor is on only after a first code confirms it.
 */
export const secondFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeSvg: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

/** POST /userProfile/:guid/secondFactor/confirm: the first code from the app. */
export const secondFactorConfirmSchema = z.object({ code });

/** Ten new single-use backup codes, shown once (only their hashes are kept). */
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });
export type BackupCodes = z.infer<typeof backupCodesSchema>;

/** POST /session/secondFactor/enrolment: the enrolment ticket a required factor's sign-in gave. */
export const secondFactorTicketSchema = z.object({ ticket });

/**
 * POST /session/secondFactor and POST /session/:id/secondFactor: the ticket of the first step and
 * a code — from the app, or a backup code (spent); for an enrolment ticket, the first code of the
 * app being set up.
 */
export const secondFactorVerifySchema = z.object({ ticket, code });

/**
 * The login's answer after the second step; after an enrolment it carries the ten backup codes,
 * shown once.
 */
export const secondFactorSessionSchema = z.extend(sessionResponseSchema, {
  backupCodes: z.optional(z.array(z.string())),
});
export type SecondFactorSession = z.infer<typeof secondFactorSessionSchema>;
