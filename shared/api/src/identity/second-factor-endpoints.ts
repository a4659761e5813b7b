/**
 * The second factor's calls (issue 31). Logged in (`/userProfile/:guid/secondFactor…`): the status,
 * enrolment and its confirmation, new backup codes and turning it off — each but the status needs
 * secure mode (a secure session, the proof a step-up gives: `secure_session_expired` without one).
 * During a sign-in (`/session…/secondFactor`): the second step that spends the ticket a
 * `second_factor_required` or `second_factor_enrolment_required` answer carried
 * (errors/second-factor-catalogue.ts). Apart from the session calls so only the widgets that use
 * them load them.
 */
import type * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { sessionResponseSchema } from './schemas';
import {
  backupCodesSchema,
  secondFactorConfirmSchema,
  secondFactorEnrolmentSchema,
  secondFactorSessionSchema,
  secondFactorStatusSchema,
  secondFactorTicketSchema,
  secondFactorVerifySchema,
} from './second-factor-schemas';

type Guid = { guid: string };

export const getSecondFactor = /* @__PURE__ */ endpoint<Guid, never, z.infer<typeof secondFactorStatusSchema>>(
  'GET',
  '/userProfile/:guid/secondFactor',
  null,
  secondFactorStatusSchema,
);
/** Starts (or starts again) an enrolment; 409 SECOND_FACTOR_ALREADY_ENABLED when one is on. */
export const startSecondFactorEnrolment = /* @__PURE__ */ endpoint<
  Guid,
  never,
  z.infer<typeof secondFactorEnrolmentSchema>
>('POST', '/userProfile/:guid/secondFactor', null, secondFactorEnrolmentSchema);
/** The first code turns the factor on; answers the ten backup codes. */
export const confirmSecondFactor = /* @__PURE__ */ endpoint<
  Guid,
  z.input<typeof secondFactorConfirmSchema>,
  z.infer<typeof backupCodesSchema>
>('POST', '/userProfile/:guid/secondFactor/confirm', secondFactorConfirmSchema, backupCodesSchema);
/** Ten new backup codes; the old ones stop working. */
export const regenerateBackupCodes = /* @__PURE__ */ endpoint<Guid, never, z.infer<typeof backupCodesSchema>>(
  'POST',
  '/userProfile/:guid/secondFactor/backupCodes',
  null,
  backupCodesSchema,
);
/** Turns the factor off (204); 409 SECOND_FACTOR_REQUIRED_BY_SERVICE where the service requires one. */
export const disableSecondFactor = /* @__PURE__ */ endpoint<Guid, never, void>(
  'DELETE',
  '/userProfile/:guid/secondFactor',
  null,
  null,
);

/** An enrolment ticket (the service requires a factor the account lacks) starts the enrolment. */
export const startTicketEnrolment = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof secondFactorTicketSchema>,
  z.infer<typeof secondFactorEnrolmentSchema>
>('POST', '/session/secondFactor/enrolment', secondFactorTicketSchema, secondFactorEnrolmentSchema);
/**
 * The sign-in's second step: a sign-in ticket and a code (or a backup code), or an enrolment
 * ticket and the new app's first code (the answer then carries the backup codes). Answers the
 * login's answer (202 with missingAttributes where the login would have).
 */
export const completeSecondFactor = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof secondFactorVerifySchema>,
  z.infer<typeof secondFactorSessionSchema>
>('POST', '/session/secondFactor', secondFactorVerifySchema, secondFactorSessionSchema);
/** The step-up's second step for the main session `id`: answers it with a new secure session. */
export const completeSecondFactorStepUp = /* @__PURE__ */ endpoint<
  { id: string },
  z.input<typeof secondFactorVerifySchema>,
  z.infer<typeof sessionResponseSchema>
>('POST', '/session/:id/secondFactor', secondFactorVerifySchema, sessionResponseSchema);
