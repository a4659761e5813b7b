/**
 * The older service of version 1 (purchase spec §7), mounted with the widget service under
 * `/pm/api`: `GET /account/{guid}` and `POST /subscription/invite/{guid}`. Both take the session
 * (`ev_ss` or the Authorization header) and act only on the session's own account; the invite is
 * the version 2 invite's code path (account/invite.ts).
 */
import { olderServiceEndpoints as endpoints, sessionQuerySchema } from '@foyer/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inviteAndMail } from '../account/invite';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { requireWidgetSession } from '../widget/session';
import { subscriptionsV1 } from './subscriptions';

export function olderServiceRoutes(app: FastifyInstance, deps: AppDeps): void {
  /** The session's account, which must be the one the path names. */
  const ownAccount = async (request: FastifyRequest, query: { ev_ss?: string | undefined }, guid: string) => {
    const { session } = await requireWidgetSession(deps, request, query);
    if (session.guid !== guid) throw new ApiError('FORBIDDEN');
    return session.guid;
  };

  defineRoute(
    app,
    endpoints.getOlderAccount,
    async ({ params, query, request }) => {
      const guid = await ownAccount(request, query, params.guid);
      return { body: { guid, subscriptions: await subscriptionsV1(deps.db, guid, deps.now()) } };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    endpoints.inviteToSubscription,
    async ({ params, body, query, request }) => {
      const guid = await ownAccount(request, query, params.guid);
      const beneficiary = await inviteAndMail(deps, request.log, {
        ownerGuid: guid,
        subscriptionId: body.subscriptionId,
        email: body.email,
        message: body.message ?? body.description,
        // A version 1 site: the mail links to its account page, where v1/grant takes the key.
        version: 1,
      });
      return { status: 201, body: beneficiary };
    },
    { query: sessionQuerySchema },
  );
}
