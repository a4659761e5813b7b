/**
 * The account calls on the widget service (`/pm/api`): purchases, beneficiaries and grant
 * invitations under `/widget/account`, and the product manager's `/properties/:name` and
 * subscription cancellation. Every call needs the session and acts on the session's own account.
 */
import { grantActionQuerySchema, sessionQuerySchema, widgetAccountEndpoints as endpoints } from '@foyer/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { languageOfAcceptLanguage } from '../mail/billing-messages';
import { ApiError } from '../http/errors';
import { requireWidgetSession } from '../widget/session';
import { cancelSubscription, readProperty } from './cancellation';
import { actOnGrant, grantForCaller, listBeneficiaries, receivedGrants, removeBeneficiary } from './grants';
import { callerOf } from './caller';
import { inviteAndMail } from './invite';
import { listPurchases } from './purchases';

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
      const beneficiary = await inviteAndMail(deps, request.log, {
        ownerGuid: guid,
        subscriptionId: body.subscriptionId,
        email: body.email,
        message: body.message ?? body.description,
      });
      return { status: 201, body: beneficiary };
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
      return {
        body: await readProperty(db, params.name, languageOfAcceptLanguage(request.headers['accept-language'])),
      };
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
