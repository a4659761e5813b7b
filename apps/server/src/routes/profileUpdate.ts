/**
 * PUT /userProfile/:id[/:service] (edit profile), POST /userProfile/:id/identifier/confirm (a
 * mailed identifier change comes back), POST /userProfile/:id/link/:service and
 * GET /userProfile/searchByIdentifiers/:identifierKey (is an identifier free?).
 *
 * An identifier (the e-mail address password resets go to) changes only with a fresh proof of
 * the password and once the new address confirms a mailed link; the old address is told at once.
 * Other attributes are saved as before.
 */
import {
  identifierSearchQuerySchema,
  identityEndpoints,
  type ProfileUpdate,
  type ProfileUpdateResult,
} from '@foyer/api';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { requireSession, sessionServes, type OwnSession } from '../http/auth';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import {
  identifiersTaken,
  linkService,
  newAddressProven,
  updateAccount,
  type IdentifierValue,
} from '../identity/accounts';
import { checkAttributes, fieldsOf } from '../identity/attributes';
import { consumeIdentifierChange, requestIdentifierChange } from '../identity/identifier-changes';
import { normalizeIdentifier } from '../identity/identifiers';
import { mailAddressOf } from '../identity/mail-address';
import {
  findAccountByGuid,
  findService,
  missingAttributes,
  toUserProfile,
  type Account,
  type Service,
} from '../identity/store';
import { profileTemplate } from '../identity/templates';
import { identifierChangeMail, identifierChangeNotice } from '../mail/messages';
import { WORKFLOW_MAIL_RULE } from '../mail/workflow-mail';
import { tooManyAttempts } from '../security/http-throttle';
import { requirePasswordProof } from '../security/password-proof';
import { identifierSearchRule, takeAddressToken } from '../security/sign-up-limits';
import { takeToken } from '../security/throttle';
import { commitWithMails } from '../mail/with-key';

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

  /**
   * Issues the confirmation key and mails it to the new address (the account's address once the
   * change is applied), and a notice to the current one. Counted with the workflow mails.
   */
  async function mailIdentifierChange(
    account: Account,
    service: Service,
    identifiers: IdentifierValue[],
    log: FastifyBaseLogger,
  ): Promise<void> {
    const now = deps.now();
    const wait = await takeToken(db, WORKFLOW_MAIL_RULE, account.guid, now);
    if (wait !== null) throw tooManyAttempts(wait);
    const changed = {
      ...account.attributes,
      ...Object.fromEntries(identifiers.map(({ name, value }) => [name, value])),
    };
    const to = mailAddressOf({ attributes: changed });
    const current = mailAddressOf(account);
    if (!to)
      throw new ApiError(
        'ATTRIBUTE_VALIDATION_FAILED',
        identifiers.map(({ name }) => name),
      );
    // The change's key and its mails are written together (mail/with-key.ts), then delivered.
    const { deliver } = await commitWithMails(deps, async (tx) => {
      const key = await requestIdentifierChange(tx, {
        guid: account.guid,
        serviceName: service.name,
        identifiers,
        now,
      });
      const mails = [identifierChangeMail({ to, siteUrl: deps.siteUrl, guid: account.guid, key, service })];
      // The address it leaves is told too (it may not be the owner asking).
      if (current && normalizeIdentifier(current) !== normalizeIdentifier(to))
        mails.push(identifierChangeNotice({ to: current, newAddress: to, service }));
      return { result: key, mails };
    });
    deps.background.run(deliver, log);
  }

  async function update(
    own: OwnSession,
    guid: string,
    serviceName: string,
    body: ProfileUpdate,
    link: boolean,
    log: FastifyBaseLogger,
  ): Promise<{ status: number; body: ProfileUpdateResult }> {
    const account = await findAccountByGuid(db, guid);
    if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
    const service = await findService(db, serviceName);
    if (!service || service.realmName !== account.realmName) throw new ApiError('SERVICE_NOT_FOUND', [serviceName]);

    // The profile form has no validators: a password (or any validator) given here is refused as
    // an unknown attribute; it changes only through change password and reset.
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
    if (identifiers.length) {
      // Before anything else about the new value: a stolen session learns nothing, not even whether it is taken.
      await requirePasswordProof(deps, own.session, account, body.currentPassword);
      if (await identifiersTaken(db, account.realmName, identifiers, account.guid)) {
        throw new ApiError('DUPLICATE_IDENTIFIERS_FOUND');
      }
      // The identifiers keep their current values until the new address confirms.
      for (const { name } of identifiers) {
        const current = account.attributes[name];
        if (current === undefined) delete attributes[name];
        else attributes[name] = current;
      }
    }
    const roles = nextRoles(account, service, body);
    const complete = missingAttributes({ ...account, attributes }, service).length === 0;
    await updateAccount(db, {
      now: deps.now(),
      guid: account.guid,
      realmName: account.realmName,
      attributes,
      roles,
      identifiers: [],
      // Editing the profile for a service whose requirements are now met joins that service.
      linkService: link && complete ? service.name : undefined,
    });
    if (identifiers.length) await mailIdentifierChange(account, service, identifiers, log);
    const updated = await findAccountByGuid(db, account.guid);
    if (!updated) throw new ApiError('USER_PROFILE_NOT_FOUND');
    const profile = toUserProfile(updated);
    if (!identifiers.length) return { status: 200, body: profile };
    return { status: 202, body: { ...profile, pendingConfirmation: identifiers.map(({ name }) => name) } };
  }

  // Edit profile is where the spec uses the secure session (secure mode, identity spec §4–§6).
  defineRoute(app, identityEndpoints.updateUserProfile, async ({ params, body, request }) => {
    const own = await requireSession(deps, request, params.id, { allowSecure: true });
    return update(own, params.id, own.authorization.serviceName, body, false, request.log);
  });

  defineRoute(app, identityEndpoints.updateUserProfileForService, async ({ params, body, request }) => {
    const own = await requireSession(deps, request, params.id, { allowSecure: true });
    return update(own, params.id, params.service, body, true, request.log);
  });

  // No session needed: the key proves the new address, and the change was asked for with the password.
  defineRoute(app, identityEndpoints.confirmIdentifierChange, async ({ params, body }) => {
    const account = await findAccountByGuid(db, params.id);
    const identifiers = account ? await consumeIdentifierChange(db, account.guid, body.key, deps.now()) : null;
    if (!account || !identifiers) throw new ApiError('ACTIVATION_KEY_NOT_FOUND');
    const attributes = { ...account.attributes };
    for (const { name, value } of identifiers) attributes[name] = value;
    // Taken since the request: updateAccount answers DUPLICATE_IDENTIFIERS_FOUND (unique index).
    await updateAccount(db, {
      now: deps.now(),
      guid: account.guid,
      realmName: account.realmName,
      attributes,
      roles: account.roles,
      identifiers,
    });
    // The key came from the mail to the new address: that address is proven now (migration 024).
    const address = mailAddressOf({ attributes });
    const before = mailAddressOf(account);
    if (address && (!before || normalizeIdentifier(address) !== normalizeIdentifier(before))) {
      await newAddressProven(db, account.guid, deps.now());
    }
    return { status: 204, body: undefined };
  });

  defineRoute(app, identityEndpoints.linkService, async ({ params, request }) => {
    const { session } = await requireSession(deps, request, params.id);
    // Not a service that asks more at sign-in than the session's did (http/auth.ts sessionServes).
    if (!(await sessionServes(db, session, params.service))) throw new ApiError('UNAUTHORIZED');
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
      await takeAddressToken(deps, identifierSearchRule(deps), request);
      const taken = await identifiersTaken(db, query.realmName, [{ name: params.identifierKey, value: query.value }]);
      if (!taken) throw new ApiError('USER_PROFILE_IDENTIFIERS_NOT_FOUND');
      return { body: { exists: true as const } };
    },
    { query: identifierSearchQuerySchema },
  );
}
