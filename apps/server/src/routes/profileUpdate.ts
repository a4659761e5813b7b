/**
 * PUT /userProfile/:id[/:service] (edit profile), POST /userProfile/:id/link/:service and
 * GET /userProfile/searchByIdentifiers/:identifierKey (is an identifier free?).
 */
import { identifierSearchQuerySchema, identityEndpoints, type ProfileUpdate } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { requireSession } from '../http/auth';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { identifiersTaken, linkService, updateAccount } from '../identity/accounts';
import { checkAttributes, fieldsOf } from '../identity/attributes';
import { normalizeIdentifier } from '../identity/identifiers';
import {
  findAccountByGuid,
  findService,
  missingAttributes,
  toUserProfile,
  type Account,
  type Service,
} from '../identity/store';
import { profileTemplate } from '../identity/templates';
import { takeToken } from '../security/throttle';

/** The roles after an update. Only the service's assignable roles may be given or dropped. */
function nextRoles(account: Account, service: Service, update: ProfileUpdate): string[] {
  const assignable = new Set(service.settings.assignableRoles ?? []);
  const asked = [...(update.roles ?? []), ...(update.rolesToAssign ?? []), ...(update.rolesToUnAssign ?? [])];
  const refused = asked.filter((role) => !assignable.has(role));
  if (refused.length) throw new ApiError('FORBIDDEN');
  let roles = account.roles;
  // `roles` replaces the assignable ones; roles the user cannot touch stay as they are.
  if (update.roles) roles = [...roles.filter((role) => !assignable.has(role)), ...update.roles];
  roles = [...roles, ...(update.rolesToAssign ?? [])];
  const dropped = new Set(update.rolesToUnAssign ?? []);
  return [...new Set(roles.filter((role) => !dropped.has(role)))];
}

export function profileUpdateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  async function update(guid: string, serviceName: string, body: ProfileUpdate, link: boolean): Promise<Account> {
    const account = await findAccountByGuid(db, guid);
    if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
    const service = await findService(db, serviceName);
    if (!service || service.realmName !== account.realmName) throw new ApiError('SERVICE_NOT_FOUND', [serviceName]);

    const template = await profileTemplate(db, service, account);
    const values = checkAttributes(fieldsOf(template), body.attributes ?? [], { requireAll: false });
    const attributes = { ...account.attributes };
    for (const [name, value] of values) {
      // An empty value removes the attribute (mandatory ones were refused above).
      if (value.trim()) attributes[name] = value.trim();
      else delete attributes[name];
    }
    const identifiers = template.identifiers
      .filter((field) => values.has(field.name))
      .map((field) => ({ name: field.name, value: attributes[field.name] ?? '' }))
      .filter(({ name, value }) => normalizeIdentifier(value) !== normalizeIdentifier(account.attributes[name] ?? ''));
    if (await identifiersTaken(db, account.realmName, identifiers, account.guid)) {
      throw new ApiError('DUPLICATE_IDENTIFIERS_FOUND');
    }
    const roles = nextRoles(account, service, body);
    const complete = missingAttributes({ ...account, attributes }, service).length === 0;
    await updateAccount(db, {
      guid: account.guid,
      realmName: account.realmName,
      attributes,
      roles,
      identifiers,
      // Editing the profile for a service whose requirements are now met joins that service.
      linkService: link && complete ? service.name : undefined,
    });
    const updated = await findAccountByGuid(db, account.guid);
    if (!updated) throw new ApiError('USER_PROFILE_NOT_FOUND');
    return updated;
  }

  defineRoute(app, identityEndpoints.updateUserProfile, async ({ params, body, request }) => {
    const own = await requireSession(deps, request, params.id);
    return { body: toUserProfile(await update(params.id, own.authorization.serviceName, body, false)) };
  });

  defineRoute(app, identityEndpoints.updateUserProfileForService, async ({ params, body, request }) => {
    await requireSession(deps, request, params.id);
    return { body: toUserProfile(await update(params.id, params.service, body, true)) };
  });

  defineRoute(app, identityEndpoints.linkService, async ({ params, request }) => {
    await requireSession(deps, request, params.id);
    const account = await findAccountByGuid(db, params.id);
    if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
    const service = await findService(db, params.service);
    if (!service || service.realmName !== account.realmName) {
      throw new ApiError('SERVICE_NOT_FOUND', [params.service]);
    }
    const lacking = missingAttributes(account, service);
    if (lacking.length) throw new ApiError('REQUIRED_ATTRIBUTE_MISSING', lacking);
    await linkService(db, account.guid, service.name);
    const linked = await findAccountByGuid(db, account.guid);
    if (!linked) throw new ApiError('USER_PROFILE_NOT_FOUND');
    return { body: toUserProfile(linked) };
  });

  defineRoute(
    app,
    identityEndpoints.searchByIdentifiers,
    async ({ params, query, request }) => {
      // Every check counts, taken or free: a client can test at most this many identifiers a minute.
      const rule = { bucket: 'identifier-search', max: deps.identifierSearchPerMinute, windowMs: 60_000 };
      const wait = await takeToken(db, rule, request.ip, deps.now());
      if (wait !== null) {
        throw new ApiError('TOO_MANY_ATTEMPTS', [String(Math.ceil(wait / 60_000))], {
          'retry-after': String(Math.ceil(wait / 1000)),
        });
      }
      const taken = await identifiersTaken(db, query.realmName, [{ name: params.identifierKey, value: query.value }]);
      if (!taken) throw new ApiError('USER_PROFILE_IDENTIFIERS_NOT_FOUND');
      return { body: { exists: true as const } };
    },
    { query: identifierSearchQuerySchema },
  );
}
