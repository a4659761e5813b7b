/**
 * The visitors' second factor (issue 31; shared/api second-factor-endpoints.ts). Logged in: the
 * status, enrolment, confirmation, new backup codes and turning it off, the last four in secure
 * mode only (a stolen main session must not enrol the thief's app, read new backup codes or turn
 * the factor off). During a sign-in: the second step that spends a ticket (sign-in/gate.ts).
 */
import { identityEndpoints } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { requireSession, type OwnSession } from '../http/auth';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { findAccountByGuid, findService } from '../identity/store';
import { backupCodesLeft, replaceBackupCodes } from '../security/second-factor/backup-codes';
import { beginEnrolment, confirmEnrolment } from '../security/second-factor/enrolment';
import { hasSecondFactor, removeSecondFactor } from '../security/second-factor/factors';
import { completeSignIn, completeStepUp, readServiceTicket } from '../sign-in/gate';

export function secondFactorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  /** The caller's own account, in secure mode: secure_session_expired without a secure session (the frame asks for the proof). */
  async function inSecureMode(request: Parameters<typeof requireSession>[1], guid: string) {
    const own = await requireSession(deps, request, guid, { allowSecure: true });
    if (!own.session.secure) throw new ApiError('secure_session_expired');
    return { ...own, account: await accountOf(own) };
  }

  async function accountOf(own: OwnSession) {
    const account = await findAccountByGuid(db, own.session.guid);
    if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
    return account;
  }

  async function serviceOf(name: string) {
    const service = await findService(db, name);
    if (!service) throw new ApiError('SERVICE_NOT_FOUND', [name]);
    return service;
  }

  defineRoute(app, identityEndpoints.getSecondFactor, async ({ params, request }) => {
    const { session, authorization } = await requireSession(deps, request, params.guid, { allowSecure: true });
    const service = await serviceOf(authorization.serviceName);
    const enabled = await hasSecondFactor(db, session.guid);
    return {
      body: {
        enabled,
        backupCodesLeft: enabled ? await backupCodesLeft(db, session.guid) : 0,
        required: service.settings.requireSecondFactor === true,
      },
    };
  });

  defineRoute(app, identityEndpoints.startSecondFactorEnrolment, async ({ params, request }) => {
    const { account, authorization } = await inSecureMode(request, params.guid);
    return { body: await beginEnrolment(deps, account, await serviceOf(authorization.serviceName)) };
  });

  defineRoute(app, identityEndpoints.confirmSecondFactor, async ({ params, body, request }) => {
    const { account } = await inSecureMode(request, params.guid);
    return { body: { backupCodes: await confirmEnrolment(deps, request, account.guid, body.code) } };
  });

  defineRoute(app, identityEndpoints.regenerateBackupCodes, async ({ params, request }) => {
    const { account } = await inSecureMode(request, params.guid);
    if (!(await hasSecondFactor(db, account.guid))) throw new ApiError('SECOND_FACTOR_NOT_ENABLED');
    return { body: { backupCodes: await replaceBackupCodes(db, account.guid) } };
  });

  defineRoute(app, identityEndpoints.disableSecondFactor, async ({ params, request }) => {
    const { account, authorization } = await inSecureMode(request, params.guid);
    const service = await serviceOf(authorization.serviceName);
    if (service.settings.requireSecondFactor === true) throw new ApiError('SECOND_FACTOR_REQUIRED_BY_SERVICE');
    if (!(await removeSecondFactor(db, account.guid))) throw new ApiError('SECOND_FACTOR_NOT_ENABLED');
    return { status: 204, body: undefined };
  });

  // ---- The second step of a sign-in or a step-up ----

  defineRoute(app, identityEndpoints.startTicketEnrolment, async ({ body, request }) => {
    const ticket = await readServiceTicket(deps, request, body.ticket, ['enrol']);
    const account = await findAccountByGuid(db, ticket.guid);
    if (!account) throw new ApiError('SECOND_FACTOR_TICKET_INVALID');
    return { body: await beginEnrolment(deps, account, await serviceOf(ticket.serviceName)) };
  });

  defineRoute(app, identityEndpoints.completeSecondFactor, async ({ body, request }) =>
    completeSignIn(deps, request, body),
  );

  defineRoute(app, identityEndpoints.completeSecondFactorStepUp, async ({ params, body, request }) => ({
    body: await completeStepUp(deps, request, params.id, body),
  }));
}
