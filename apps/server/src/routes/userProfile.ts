/** GET /userProfile/:id?serviceName= — the profile of the session's own user. */
import { identityEndpoints, parseAuthorization, profileQuerySchema } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { findAccountByGuid, findService, missingAttributes, toUserProfile } from '../identity/store';
import { useSession } from '../security/sessions';

export function userProfileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(
    app,
    identityEndpoints.getUserProfile,
    async ({ params, query, request }) => {
      const authorization = parseAuthorization(request.headers.authorization);
      if (!authorization?.sessionId) throw new ApiError('UNAUTHORIZED');
      const found = await useSession(db, authorization.sessionId, deps.now());
      if (found.status === 'not-found') throw new ApiError('UNAUTHORIZED');
      // The frame clears its state and publishes session.expired on this code.
      if (found.status === 'expired') throw new ApiError('SESSION_HAS_EXPIRED');
      if (found.session.guid !== params.id) throw new ApiError('FORBIDDEN');

      const account = await findAccountByGuid(db, params.id);
      if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
      if (query.serviceName) {
        // The service check of the identity spec §4: the frame redirects to edit profile on this 403.
        const service = await findService(db, query.serviceName);
        if (!service || service.realmName !== account.realmName) {
          throw new ApiError('SERVICE_NOT_FOUND', [query.serviceName]);
        }
        const lacking = missingAttributes(account, service);
        if (lacking.length) throw new ApiError('REQUIRED_ATTRIBUTE_MISSING', lacking);
      }
      return { body: toUserProfile(account) };
    },
    { query: profileQuerySchema },
  );
}
