/**
 * /widget/profile/*: the profile groups of a service, profile validation for the products being
 * bought, profile creation (no session) and update (session), and the purchase flow's login.
 */
import {
  formatAuthorization,
  FRAME_TOKEN_HEADER,
  RECAPTCHA_RESPONSE_FIELD,
  profileValidateQuerySchema,
  sessionQuerySchema,
  SSO_DOMAINS_HEADER,
  SSO_TOKENS_HEADER,
  widgetEndpoints,
  type SavedProfile,
} from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { defineRoute } from '../../http/define-route';
import { ApiError } from '../../http/errors';
import { createAccount, identifiersTaken, REGISTRATION_DUPLICATE, updateAccount } from '../../identity/accounts';
import { findAccountByGuid, findService, type Account, type Service } from '../../identity/store';
import { checkCaptcha } from '../../security/captcha';
import { hashPassword } from '../../security/passwords';
import { identifierSearchRule, signUpRule, takeAddressToken } from '../../security/sign-up-limits';
import { saveAddress, savedAddresses } from '../addresses';
import { findProducts } from '../catalogue';
import { parseProfile, profileForm, profileGaps, profileGroups, type ParsedProfile } from '../profile';
import { optionalSession, requireWidgetSession } from '../session';

async function serviceOf(deps: AppDeps, name: string): Promise<Service> {
  const service = await findService(deps.db, name);
  if (!service) throw new ApiError('SERVICE_NOT_FOUND', [name]);
  return service;
}

async function accountOf(deps: AppDeps, guid: string): Promise<Account> {
  const account = await findAccountByGuid(deps.db, guid);
  if (!account) throw new ApiError('not_logged_in');
  return account;
}

function list(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

async function savedProfile(deps: AppDeps, guid: string): Promise<SavedProfile> {
  const account = await accountOf(deps, guid);
  return {
    guid,
    attributes: Object.entries(account.attributes).map(([name, value]) => ({ name, value })),
    savedAddresses: await savedAddresses(deps.db, guid),
  };
}

async function storeAddresses(deps: AppDeps, guid: string, parsed: ParsedProfile): Promise<void> {
  for (const kind of ['delivery', 'billing'] as const) {
    const values = parsed.addresses[kind];
    if (values) await saveAddress(deps.db, guid, kind, values, deps.now());
  }
}

/** `identityPrefix`: where the identity API is mounted (its login answers the purchase login). */
export function profileRoutes(app: FastifyInstance, deps: AppDeps, identityPrefix: string): void {
  const { db } = deps;

  defineRoute(
    app,
    widgetEndpoints.validateProfile,
    async ({ params, query, request }) => {
      const { session } = await requireWidgetSession(deps, request, query);
      const service = await serviceOf(deps, params.serviceName);
      const names = list(query.product);
      const products = await findProducts(db, names);
      const unknown = names.filter((name) => !products.has(name));
      if (unknown.length) throw new ApiError('bex0004', unknown);
      const missing = await profileGaps(db, service, await accountOf(deps, session.guid), [...products.values()]);
      return { body: { valid: missing.length === 0, missing } };
    },
    { query: profileValidateQuerySchema },
  );

  defineRoute(
    app,
    widgetEndpoints.getProfileAttributeGroups,
    async ({ params, query, request }) => {
      const found = await optionalSession(deps, request, query);
      const service = await serviceOf(deps, params.serviceName);
      const account = found ? await accountOf(deps, found.session.guid) : null;
      return { body: await profileGroups(db, service, account) };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    widgetEndpoints.createProfile,
    async ({ params, body, query, request }) => {
      // A visitor with a session updates (PUT); creating a second account from it is a mistake.
      if (await optionalSession(deps, request, query)) throw new ApiError('FORBIDDEN');
      const service = await serviceOf(deps, params.serviceName);
      const form = await profileForm(db, service, null);
      const captcha = body.find((pair) => pair.name === RECAPTCHA_RESPONSE_FIELD)?.value;
      const parsed = parseProfile(
        form,
        body.filter((pair) => pair.name !== RECAPTCHA_RESPONSE_FIELD),
        null,
      );
      const [identifier, validator] = form.auth;
      if (!identifier || !validator) throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [service.name]);
      // The same gates as registration: the service's captcha, then the address's limits.
      await checkCaptcha(deps, request, [service], captcha);
      // The duplicate answer (purchase spec) tells whether an address is registered: it spends
      // the identifier-search budget, so this route is no better an oracle than that one.
      await takeAddressToken(deps, identifierSearchRule(deps), request);
      const identifiers = [{ name: identifier.name, value: (parsed.auth.get(identifier.name) ?? '').trim() }];
      if (await identifiersTaken(db, service.realmName, identifiers)) throw new ApiError(REGISTRATION_DUPLICATE);
      await takeAddressToken(deps, signUpRule(deps), request);
      const attributes: Record<string, string> = { [identifier.name]: identifiers[0]!.value };
      for (const [name, value] of parsed.attributes) if (value.trim()) attributes[name] = value.trim();
      // The purchase flow logs the new customer in at once to pay (purchase spec §4), so the
      // account starts ACTIVE; the identity registration widget keeps its activation mail. The
      // address is only typed, though: until a reset proves it, nothing trusts it (issue 24:
      // no social link, no invitation by address, no Disqus sign-on; mail-address.ts).
      const guid = await createAccount(db, {
        realmName: service.realmName,
        state: 'ACTIVE',
        passwordHash: await hashPassword(parsed.auth.get(validator.name) ?? ''),
        attributes,
        identifiers,
        services: [service.name],
        addressProven: false,
        now: deps.now(),
        duplicateCode: REGISTRATION_DUPLICATE,
      });
      await storeAddresses(deps, guid, parsed);
      return { status: 201, body: await savedProfile(deps, guid) };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(
    app,
    widgetEndpoints.updateProfile,
    async ({ params, body, query, request }) => {
      const { session } = await requireWidgetSession(deps, request, query);
      const service = await serviceOf(deps, params.serviceName);
      const account = await accountOf(deps, session.guid);
      if (account.realmName !== service.realmName) throw new ApiError('SERVICE_NOT_FOUND', [service.name]);
      const parsed = parseProfile(await profileForm(db, service, account), body, account.attributes);
      const attributes = { ...account.attributes };
      for (const [name, value] of parsed.attributes) {
        if (value.trim()) attributes[name] = value.trim();
        else delete attributes[name];
      }
      await updateAccount(db, {
        now: deps.now(),
        guid: account.guid,
        realmName: account.realmName,
        attributes,
        roles: account.roles,
        identifiers: [],
        linkService: service.name,
      });
      await storeAddresses(deps, account.guid, parsed);
      return { body: await savedProfile(deps, account.guid) };
    },
    { query: sessionQuerySchema },
  );

  defineRoute(app, widgetEndpoints.profileLogin, async ({ params, body, request }) => {
    const service = await serviceOf(deps, params.serviceName);
    // The identity server's own login (rate limits, captcha, account states, missing attributes,
    // SSO domains) answers; this call only fixes the realm and service of the purchase flow.
    const realmName = body.realmName === 'default_realm' ? service.realmName : body.realmName;
    const response = await app.inject({
      method: 'POST',
      url: `${identityPrefix}/session`,
      headers: {
        authorization: formatAuthorization({ serviceName: service.name }),
        // The binding check passed for this service: the identity login sees the same frame token.
        [FRAME_TOKEN_HEADER]: String(request.headers[FRAME_TOKEN_HEADER.toLowerCase()] ?? ''),
        'content-type': 'application/json',
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
      remoteAddress: request.ip,
      payload: JSON.stringify({
        realmName,
        authenticationSchemeName: body.authenticationSchemeName,
        identifiers: body.identifiers,
        validators: body.validators,
        rememberMe: body.rememberMe,
        ...(body.recaptchaResponse === undefined ? {} : { recaptchaResponse: body.recaptchaResponse }),
      }),
    });
    const headers: Record<string, string> = {};
    const sso = response.headers[SSO_DOMAINS_HEADER.toLowerCase()];
    if (typeof sso === 'string') headers[SSO_DOMAINS_HEADER] = sso;
    const tokens = response.headers[SSO_TOKENS_HEADER.toLowerCase()];
    if (typeof tokens === 'string') headers[SSO_TOKENS_HEADER] = tokens;
    const retryAfter = response.headers['retry-after'];
    if (typeof retryAfter === 'string') headers['retry-after'] = retryAfter;
    if (response.statusCode >= 400) {
      const error = response.json<{ code: string; args?: string[] }>();
      throw new ApiError(error.code, error.args ?? [], headers);
    }
    return { status: response.statusCode, body: response.json(), headers };
  });
}
