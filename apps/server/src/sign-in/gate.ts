/**
 * The one gate every sign-in passes before a session starts (issue 31): a password login, a social
 * sign-in or registration, an e-mail code, a passkey — whatever proved the person first calls
 * `startSignIn`, never `createSession` itself. An account with a second factor gets
 * `second_factor_required` and a ticket; on a service that requires a factor, an account without
 * one gets `second_factor_enrolment_required` and a ticket that only enrols
 * (security/second-factor/tickets.ts); `completeSignIn` spends the ticket with a code and starts the
 * session as the first step would have.
 *
 * Secure mode has its gate too: every step-up (re-authentication with a password, or with a
 * network for an account without one) asks for `grantSecureSession`, which asks for the code when
 * the factor is on, and `completeStepUp` gives the secure session after it.
 */
import type { SecondFactorSession, SessionResponse } from '@foyer/api';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { calledServiceName } from '../http/frame-binding';
import { findAccountByGuid, findService, missingAttributes, type Account, type Service } from '../identity/store';
import { confirmEnrolment } from '../security/second-factor/enrolment';
import { hasSecondFactor } from '../security/second-factor/factors';
import {
  askSecondStep,
  readTicket,
  spendTicket,
  type SignInMethod,
  type TicketPurpose,
} from '../security/second-factor/tickets';
import { checkSecondFactorCode } from '../security/second-factor/verify';
import { createSession, hashSessionId, useSession } from '../security/sessions';
import { loginSsoHeaders, secureSessionFor, sessionResponse } from './answers';

export type { SignInMethod } from '../security/second-factor/tickets';

export interface SignInInput {
  account: Account;
  service: Service;
  rememberMe: boolean;
  /** What proved the person (kept with a ticket; login.success's method). */
  method: SignInMethod;
  /**
   * The proof was a typed password (or as strong and as fresh): a secure session starts with the
   * main one, as POST /session has always answered. A social sign-in gives none.
   */
  grantsSecure: boolean;
  /** Answer 202 with the attributes the service requires and the profile lacks (the password login). */
  reportMissingAttributes: boolean;
  /** The status of a session answer (201 for a social registration); default 200. */
  status?: number;
}

export interface SignInAnswer {
  status: number;
  body: SecondFactorSession;
  headers: Record<string, string>;
}

/**
 * A passkey (user verification required, security/passkeys.ts) is something held and something
 * known or been at once: both factors, so no second step is asked after it, at login or step-up.
 */
const isBothFactors = (method: SignInMethod): boolean => method === 'passkey';

/** Only an active account signs in (the password login checks it after the password, as here). */
function assertMaySignIn(account: Account): void {
  if (account.state === 'INACTIVE') throw new ApiError('user_profile_inactive');
  if (account.state === 'LOCKED') throw new ApiError('USER_PROFILE_LOCKED');
}

/**
 * Starts the session of a sign-in whose first proof passed, or throws the second step's answer
 * (403 `second_factor_required` / `second_factor_enrolment_required`, args `[ticket, expiresAt]`).
 */
export async function startSignIn(deps: AppDeps, input: SignInInput): Promise<SignInAnswer> {
  assertMaySignIn(input.account);
  const now = deps.now();
  const enrolled = await hasSecondFactor(deps.db, input.account.guid);
  const needsSecondStep = enrolled || input.service.settings.requireSecondFactor === true;
  if (!isBothFactors(input.method) && needsSecondStep) {
    throw await askSecondStep(
      deps.db,
      {
        guid: input.account.guid,
        serviceName: input.service.name,
        purpose: enrolled ? 'sign_in' : 'enrol',
        method: input.method,
        rememberMe: input.rememberMe,
        grantsSecure: input.grantsSecure,
      },
      now,
    );
  }
  return openSession(deps, input);
}

/** The session, in the login's answer shape, with the SSO headers: only ever after the gate. */
async function openSession(
  deps: AppDeps,
  input: Omit<SignInInput, 'method'>,
): Promise<{ status: number; body: SessionResponse; headers: Record<string, string> }> {
  const { account, service } = input;
  const now = deps.now();
  const session = await createSession(deps.db, {
    guid: account.guid,
    serviceName: service.name,
    rememberMe: input.rememberMe,
    now,
  });
  const body: SessionResponse = sessionResponse(session.sessionId, session);
  if (input.grantsSecure) {
    body.secureSession = await secureSessionFor(deps.db, account.guid, service.name, session.sessionId, now);
  }
  const headers = await loginSsoHeaders(deps, service, session.sessionId);
  const lacking = input.reportMissingAttributes ? missingAttributes(account, service) : [];
  if (lacking.length) return { status: 202, body: { ...body, missingAttributes: lacking }, headers };
  return { status: input.status ?? 200, body, headers };
}

/**
 * A live ticket for one of `purposes`, read by a page of the service whose sign-in issued it (a
 * frame of another service does not finish it: SECOND_FACTOR_TICKET_INVALID).
 */
export async function readServiceTicket(
  deps: AppDeps,
  request: FastifyRequest,
  ticket: string,
  purposes: readonly TicketPurpose[],
) {
  const read = await readTicket(deps.db, ticket, purposes, deps.now());
  const called = calledServiceName(request);
  if (called !== undefined && called !== read.serviceName) throw new ApiError('SECOND_FACTOR_TICKET_INVALID');
  return read;
}

/**
 * The sign-in's second step (POST /session/secondFactor): a sign-in ticket with a code from the
 * app or a backup code, or an enrolment ticket with the new app's first code (the answer then
 * carries the ten backup codes). A wrong code leaves the ticket for another try (throttled); a
 * right one spends it. The session is the one the first step would have started; the answer is
 * 202 with missingAttributes whenever the profile lacks what the service requires.
 */
export async function completeSignIn(
  deps: AppDeps,
  request: FastifyRequest,
  body: { ticket: string; code: string },
): Promise<SignInAnswer> {
  const ticket = await readServiceTicket(deps, request, body.ticket, ['sign_in', 'enrol']);
  const backupCodes =
    ticket.purpose === 'enrol'
      ? await confirmEnrolment(deps, request, ticket.guid, body.code)
      : (await checkSecondFactorCode(deps, request, ticket.guid, body.code), undefined);
  await spendTicket(deps.db, body.ticket, deps.now());
  const [account, service] = await Promise.all([
    findAccountByGuid(deps.db, ticket.guid),
    findService(deps.db, ticket.serviceName),
  ]);
  if (!account || !service) throw new ApiError('SECOND_FACTOR_TICKET_INVALID');
  // Locked or deactivated between the two steps: the first step's answer, not a session.
  assertMaySignIn(account);
  const answer = await openSession(deps, {
    account,
    service,
    rememberMe: ticket.rememberMe,
    grantsSecure: ticket.grantsSecure,
    reportMissingAttributes: true,
  });
  return backupCodes ? { ...answer, body: { ...answer.body, backupCodes } } : answer;
}

/**
 * The secure session a step-up earns for the main session `mainSessionId` (secure mode, identity
 * spec §5), once the first proof passed; with a second factor on, throws `second_factor_required`
 * and a step-up ticket instead, which `completeStepUp` spends with a code.
 */
export async function grantSecureSession(
  deps: AppDeps,
  input: { guid: string; serviceName: string; mainSessionId: string; method: SignInMethod },
): Promise<{ sessionId: string; expiry: number }> {
  const now = deps.now();
  if (!isBothFactors(input.method) && (await hasSecondFactor(deps.db, input.guid))) {
    throw await askSecondStep(
      deps.db,
      {
        guid: input.guid,
        serviceName: input.serviceName,
        purpose: 'step_up',
        method: input.method,
        rememberMe: false,
        grantsSecure: true,
        mainSessionId: input.mainSessionId,
      },
      now,
    );
  }
  return secureSessionFor(deps.db, input.guid, input.serviceName, input.mainSessionId, now);
}

/**
 * The step-up's second step (POST /session/:id/secondFactor): the ticket must be this main
 * session's, the session still live and the code good; answers the main session with a new
 * secure session, as the re-authentication does.
 */
export async function completeStepUp(
  deps: AppDeps,
  request: Pick<FastifyRequest, 'ip'>,
  mainSessionId: string,
  body: { ticket: string; code: string },
): Promise<SessionResponse> {
  const ticket = await readTicket(deps.db, body.ticket, ['step_up'], deps.now());
  const found = await useSession(deps.db, mainSessionId, deps.now());
  if (
    ticket.mainSessionHash !== hashSessionId(mainSessionId) ||
    found.status !== 'valid' ||
    found.session.guid !== ticket.guid
  ) {
    throw new ApiError('SECOND_FACTOR_TICKET_INVALID');
  }
  await checkSecondFactorCode(deps, request, ticket.guid, body.code);
  await spendTicket(deps.db, body.ticket, deps.now());
  return {
    ...sessionResponse(mainSessionId, found.session),
    secureSession: await secureSessionFor(deps.db, ticket.guid, ticket.serviceName, mainSessionId, deps.now()),
  };
}
