/** GET /userProfile/:id?serviceName= — the profile of the session's own user. */
import { identityEndpoints, profileQuerySchema } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { findAccountByGuid, findService, missingAttributes, toUserProfile } from '../identity/store';
import { requireSession } from '../http/auth';

export function userProfileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(
    app,
    identityEndpoints.getUserProfile,
    async ({ params, query, request }) => {
      // UNAUTHORIZED, SESSION_HAS_EXPIRED (the frame clears its state) or FORBIDDEN. The edit-profile
      // widget reads the profile too, hence the secure session of secure mode (identity spec §4, §6).
      await requireSession(deps, request, params.id, { allowSecure: true });

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
