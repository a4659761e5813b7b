/**
 * The identity service's grant calls (identity spec §7) over the same grants as the widget
 * service's account calls. `:guid` must be the session's own user (FORBIDDEN otherwise).
 */
import { identityEndpoints } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { requireSession } from '../http/auth';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { actOnGrant, grantForCaller, receivedGrants, removeBeneficiary, sentGrants } from './grants';
import { callerOf } from './caller';

export function grantRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(app, identityEndpoints.getUserGrantsReceived, async ({ params, request }) => {
    await requireSession(deps, request, params.guid);
    const caller = await callerOf(deps, params.guid);
    return { body: await receivedGrants(db, caller.guid, caller.email, deps.now()) };
  });

  defineRoute(app, identityEndpoints.getUserGrantsSent, async ({ params, request }) => {
    await requireSession(deps, request, params.guid);
    return { body: await sentGrants(db, params.guid, deps.now()) };
  });

  defineRoute(app, identityEndpoints.getUserGrant, async ({ params, request }) => {
    await requireSession(deps, request, params.guid);
    return { body: await grantForCaller(db, params.id, await callerOf(deps, params.guid), deps.now()) };
  });

  defineRoute(app, identityEndpoints.actOnUserGrant, async ({ params, request }) => {
    if (params.action !== 'accept' && params.action !== 'decline') throw new ApiError('NOT_FOUND');
    await requireSession(deps, request, params.guid);
    const caller = await callerOf(deps, params.guid);
    return { body: await actOnGrant(db, params.id, params.action, caller, deps.now()) };
  });

  defineRoute(app, identityEndpoints.deleteUserGrant, async ({ params, request }) => {
    await requireSession(deps, request, params.guid);
    await removeBeneficiary(db, params.guid, params.key, deps.now());
    return { status: 204, body: undefined };
  });
}
