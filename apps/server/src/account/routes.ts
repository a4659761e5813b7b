/**
 * The account calls on the widget service (`/pm/api`): purchases, beneficiaries and grant
 * invitations under `/widget/account`, and the product manager's `/properties/:name` and
 * subscription cancellation. Every call needs the session and acts on the session's own account.
 */
import { grantActionQuerySchema, sessionQuerySchema, widgetAccountEndpoints as endpoints } from '@foyer/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { mailAddressOf } from '../identity/mail-address';
import { findAccountByGuid } from '../identity/store';
import { takeToken, type ThrottleRule } from '../security/throttle';
import { requireWidgetSession } from '../widget/session';
import { cancelSubscription, readProperty } from './cancellation';
import {
  actOnGrant,
  grantForCaller,
  inviteBeneficiary,
  listBeneficiaries,
  receivedGrants,
  removeBeneficiary,
} from './grants';
import { invitationMail } from './invitation-mail';
import { listPurchases } from './purchases';

/** Each invitation mails a stranger's address: at most 20 per owner and hour. */
export const INVITATION_RULE: ThrottleRule = { bucket: 'invitation', max: 20, windowMs: 60 * 60_000 };

/** The session's account and its mail address (the invitee side matches invitations by it). */
export async function callerOf(deps: AppDeps, guid: string): Promise<{ guid: string; email: string | null }> {
  const account = await findAccountByGuid(deps.db, guid);
  return { guid, email: account ? mailAddressOf(account) : null };
}

export function accountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const session = async (request: FastifyRequest, query: { ev_ss?: string | undefined }) =>
    (await requireWidgetSession(deps, request, query)).session;

  defineRoute(
    app,
    endpoints.getPurchases,
    async ({ query, request }) => {
      const { guid } = await session(request, query);
      return { body: await listPurchases(db, guid, deps.now()) };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.inviteBeneficiary,
    async ({ body, query, request }) => {
      const { guid } = await session(request, query);
      const now = deps.now();
      const wait = await takeToken(db, INVITATION_RULE, guid, now);
      if (wait !== null) {
        throw new ApiError('too_many_invitations', [], { 'retry-after': String(Math.ceil(wait / 1000)) });
      }
      const owner = await callerOf(deps, guid);
      const note = body.message ?? body.description;
      const invitation = await inviteBeneficiary(
        db,
        {
          ownerGuid: guid,
          ownerEmail: owner.email,
          subscriptionId: body.subscriptionId,
          email: body.email,
          ...(note ? { message: note } : {}),
        },
        now,
      );
      deps.background.run(
        () =>
          deps.mailer.send(
            invitationMail({
              to: invitation.beneficiary.email,
              siteUrl: deps.siteUrl,
              invitationKey: invitation.invitationKey,
              productName: invitation.productName,
              note: invitation.beneficiary.message,
            }),
          ),
        request.log,
      );
      return { status: 201, body: invitation.beneficiary };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.getBeneficiaries,
    async ({ params, query, request }) => {
      const { guid } = await session(request, query);
      return { body: await listBeneficiaries(db, guid, params.subscriptionId, deps.now()) };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.removeBeneficiary,
    async ({ params, query, request }) => {
      const { guid } = await session(request, query);
      await removeBeneficiary(db, guid, params.key, deps.now(), params.subscriptionId);
      return { status: 204, body: undefined };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.getReceivedGrants,
    async ({ query, request }) => {
      const caller = await callerOf(deps, (await session(request, query)).guid);
      return { body: await receivedGrants(db, caller.guid, caller.email, deps.now()) };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.getGrantInvitation,
    async ({ params, query, request }) => {
      const caller = await callerOf(deps, (await session(request, query)).guid);
      return { body: await grantForCaller(db, params.key, caller, deps.now()) };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.actOnGrant,
    async ({ params, query, request }) => {
      if (params.action !== 'accept' && params.action !== 'decline') throw new ApiError('NOT_FOUND');
      const caller = await callerOf(deps, (await session(request, query)).guid);
      return { body: await actOnGrant(db, params.key, params.action, caller, deps.now()) };
    },
    { query: grantActionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.getProperty,
    async ({ params, query, request }) => {
      await session(request, query);
      return { body: await readProperty(db, params.name) };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.cancelSubscription,
    async ({ params, body, query, request }) => {
      const { guid } = await session(request, query);
      if (params.id !== guid) throw new ApiError('FORBIDDEN');
      const cancelled = await cancelSubscription(
        db,
        { guid, subscriptionId: params.subscriptionId, ...body },
        deps.now(),
      );
      return { body: cancelled };
    },
    { query: sessionQuerySchema },
  );
}
