/**
 * Social sign-in (identity spec §4 social transitions, §7 /social calls, §8 codes).
 *
 * The OAuth step runs here, not in the browser: the frame opens a popup on
 * GET /social/:network/authorize, which starts an authorization-code grant with PKCE and `state`
 * and redirects to the provider; the provider comes back to GET /social/callback, where the code
 * is exchanged (the spec's /accessToken proxy) and the user info read with the access token, which
 * is then dropped. The callback page posts only an outcome to the opener frame: a ticket naming
 * the verified identity, or an error code. The frame spends the ticket on the JSON calls below.
 *
 * Where popups do not work (in-app browsers, a blocked popup) the whole page makes the same trip
 * (full-redirect mode, `returnTo`): the callback sends the visitor back to the host page with a
 * single-use result id only, which the frame there redeems (POST /social/result) for the outcome.
 */
import {
  identityEndpoints,
  NETWORK_NAMES,
  parseAuthorization,
  SOCIAL_AUTHORIZE_PATH,
  SOCIAL_CALLBACK_PATH,
  SOCIAL_NETWORKS,
  socialAvatarQuerySchema,
  socialNetworkOf,
  SOCIAL_PURPOSES,
  socialSessionQuerySchema,
  type SocialNetwork,
  type SocialPurpose,
  type SocialOutcome,
} from '@foyer/api';
import type * as z from 'zod/mini';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { avatarUrl } from '../adapters/social/avatars';
import { SOCIAL_ADAPTERS } from '../adapters/social/networks';
import type { SocialIdentity, SocialNetworkConfig } from '../adapters/social/types';
import type { TaskLogger } from '../background';
import type { AppDeps } from '../deps';
import { requireSession } from '../http/auth';
import { defineRoute } from '../http/define-route';
import { ApiError, validationFailed } from '../http/errors';
import { createAccount } from '../identity/accounts';
import { checkAttributes, fieldsOf, isPasswordField } from '../identity/attributes';
import {
  codeChallenge,
  findLinkedGuid,
  findLinkedProfile,
  issueResult,
  issueTicket,
  linkedProfiles,
  linkProfile,
  randomToken,
  readTicket,
  redeemResult,
  refreshProfile,
  startAuthorization,
  takeAuthorization,
  unlinkProfile,
  withTicket,
} from '../identity/social-store';
import { findAccountByGuid, findService, findTemplate, type Account, type Service } from '../identity/store';
import { addressTrusted, mailAddressOf } from '../identity/mail-address';
import { addressVouched } from '../identity/social-address';
import { registrationTemplate } from '../identity/templates';
import { socialLinkedNotice } from '../mail/messages';
import { sendWorkflowMail } from '../mail/workflow-mail';
import { checkFreshProof } from '../security/fresh-proof';
import { checkSocialProof } from '../security/social-proof';
import { signUpRule, takeAddressToken } from '../security/sign-up-limits';
import { checkReturnTo, returnUrlWith } from './social-return';
import { sessionResponse } from '../sign-in/answers';
import { grantSecureSession, startSignIn } from '../sign-in/gate';

/** Scopes every network is asked for unless the service says otherwise (identity spec §3: social scope email). */
const DEFAULT_SOCIAL_SCOPE = ['email'];
const ATTEMPT = /^[A-Za-z0-9_-]{8,100}$/;
/** Extra permissions a widget may ask for (extendPermissions): plain tokens, `network:scope` allowed. */
const SCOPE_TOKEN = /^[A-Za-z0-9_.:/-]{1,100}$/;

function networkParam(value: string): SocialNetwork {
  const network = socialNetworkOf(value);
  if (!network) throw new ApiError('SOCIAL_NETWORK_NOT_SUPPORTED', [value.slice(0, 50)]);
  return network;
}

function configOf(service: Service, network: SocialNetwork): SocialNetworkConfig | null {
  const config = service.settings.social?.[network];
  return config?.clientId && config.clientSecret ? config : null;
}

/** The identity-API base of this server (`<publicUrl>/ic/api`), where the providers come back. */
function redirectUriOf(deps: AppDeps, config: SocialNetworkConfig): string {
  return config.redirectUri ?? `${new URL(deps.publicUrl()).origin}/ic/api${SOCIAL_CALLBACK_PATH}`;
}

/** Profile attribute values a social identity fills in (autoPopulate, attributesMapping). */
function populated(identity: SocialIdentity, mapping: readonly { name: string; value: string }[]): Map<string, string> {
  const fields: Record<string, string | undefined> = {
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    displayName: identity.displayName,
  };
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(fields)) if (value) values.set(name, value);
  // attributesMapping: profile attribute ← social field (`{name: 'givenName', value: 'firstName'}`).
  for (const { name, value } of mapping) {
    const mapped = fields[value];
    if (mapped) values.set(name, mapped);
  }
  return values;
}

/** The page the popup ends on: posts the outcome to the frame that opened it, then closes. */
function outcomePage(reply: FastifyReply, widgetsOrigin: string, outcome: SocialOutcome | null): FastifyReply {
  const nonce = randomToken();
  // JSON in a script: `<` escaped so no value can close the script element.
  const data = JSON.stringify(outcome).replace(/</g, '\\u003c');
  const origin = JSON.stringify(widgetsOrigin).replace(/</g, '\\u003c');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Foyer sign-in</title></head>
<body><p id="m">You can close this window.</p>
<script nonce="${nonce}">(function(){var o=${data};if(o&&window.opener){window.opener.postMessage(o,${origin});window.close();}})();</script>
</body></html>`;
  return reply
    .code(200)
    .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'`)
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Full-redirect mode: back to the host page; no referrer, so the provider's URL leaks nowhere. */
function sendBack(reply: FastifyReply, url: string): FastifyReply {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
}

export function socialRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const widgetsOrigin = () => new URL(deps.publicUrl()).origin;

  async function serviceOf(name: string): Promise<Service> {
    const service = await findService(db, name);
    if (!service) throw new ApiError('SERVICE_NOT_FOUND', [name]);
    return service;
  }

  /**
   * A new session for the account, in the login's answer shape, with the SSO headers, through the
   * gate every sign-in passes (sign-in/gate.ts): a second factor is asked here too.
   */
  function signIn(account: Account, service: Service, rememberMe: boolean, status = 200) {
    return startSignIn(deps, {
      account,
      service,
      rememberMe,
      method: 'social',
      grantsSecure: false,
      reportMissingAttributes: false,
      status,
    });
  }

  // ---- The OAuth step (popup) ----

  app.get<{ Params: { network: string }; Querystring: Record<string, string | undefined> }>(
    SOCIAL_AUTHORIZE_PATH,
    async (request, reply) => {
      const network = networkParam(request.params.network);
      const { serviceName = '', attempt = '', scope = '', returnTo, purpose = 'signIn' } = request.query;
      if (!ATTEMPT.test(attempt)) throw validationFailed(['query.attempt']);
      if (!(SOCIAL_PURPOSES as readonly string[]).includes(purpose)) throw validationFailed(['query.purpose']);
      const service = await serviceOf(serviceName);
      // Full-redirect mode (no popup): the visitor comes back to the host page, which must be the service's.
      const redirect =
        returnTo === undefined
          ? undefined
          : { returnTo: checkReturnTo(returnTo, service.allowedHostOrigins), purpose: purpose as SocialPurpose };
      const config = configOf(service, network);
      if (!config && redirect) {
        // Nothing to ask the provider: the page itself hears the refusal, like the popup's opener.
        const state = randomToken();
        await startAuthorization(db, {
          state,
          network,
          serviceName: service.name,
          codeVerifier: '',
          attempt,
          redirect,
          now: deps.now(),
        });
        const result = await issueResult(db, state, 'SOCIAL_SETTINGS_INVALID', deps.now());
        return sendBack(reply, returnUrlWith(redirect.returnTo, result, redirect.purpose));
      }
      if (!config)
        return outcomePage(reply, widgetsOrigin(), {
          type: 'foyer:social-outcome',
          attempt,
          network,
          error: 'SOCIAL_SETTINGS_INVALID',
        });
      const extra = scope.split(/[\s,]+/).filter((token) => SCOPE_TOKEN.test(token));
      const state = randomToken();
      const codeVerifier = randomToken();
      await startAuthorization(db, {
        state,
        network,
        serviceName: service.name,
        codeVerifier,
        attempt,
        ...(redirect ? { redirect } : {}),
        now: deps.now(),
      });
      const url = SOCIAL_ADAPTERS[network].authorizeUrl({
        config,
        redirectUri: redirectUriOf(deps, config),
        state,
        codeChallenge: codeChallenge(codeVerifier),
        scopes: [...(service.settings.socialScope ?? DEFAULT_SOCIAL_SCOPE), ...extra.slice(0, 10)],
      });
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>(SOCIAL_CALLBACK_PATH, async (request, reply) => {
    const { state = '', code, error } = request.query;
    const pending = state ? await takeAuthorization(db, state, deps.now()) : null;
    // Unknown, replayed or expired state: nothing to tell any frame.
    if (!pending) return outcomePage(reply, widgetsOrigin(), null);
    const base = { type: 'foyer:social-outcome' as const, attempt: pending.attempt, network: pending.network };
    // The popup posts the outcome to its opener; the full redirect goes back to the host page with a result id.
    const { redirect } = pending;
    const fail = async (failure: string) => {
      if (!redirect) return outcomePage(reply, widgetsOrigin(), { ...base, error: failure });
      const result = await issueResult(db, state, failure, deps.now());
      return sendBack(reply, returnUrlWith(redirect.returnTo, result, redirect.purpose));
    };
    if (error || !code) return fail(error === 'access_denied' ? 'access_denied' : 'technical_difficulties');
    const service = await findService(db, pending.serviceName);
    const config = service ? configOf(service, pending.network) : null;
    if (!config) return fail('SOCIAL_SETTINGS_INVALID');
    let identity: SocialIdentity;
    try {
      identity = await SOCIAL_ADAPTERS[pending.network].identify({
        config,
        code,
        codeVerifier: pending.codeVerifier,
        redirectUri: redirectUriOf(deps, config),
      });
    } catch (cause) {
      request.log.warn({ err: cause, network: pending.network }, 'social provider refused the code');
      return fail('technical_difficulties');
    }
    const ticket = await issueTicket(db, state, identity);
    if (!redirect) return outcomePage(reply, widgetsOrigin(), { ...base, ticket });
    // The ticket stays unknown (only its hash is kept): redeeming the result mints the frame's own.
    const result = await issueResult(db, state, null, deps.now());
    return sendBack(reply, returnUrlWith(redirect.returnTo, result, redirect.purpose));
  });

  defineRoute(app, identityEndpoints.redeemSocialResult, async ({ body, request }) => {
    const authorization = parseAuthorization(request.headers.authorization);
    if (!authorization) throw new ApiError('SERVICE_NAME_EMPTY');
    const redeemed = await redeemResult(db, {
      result: body.result,
      serviceName: authorization.serviceName,
      attempt: body.attempt,
      now: deps.now(),
    });
    return { body: redeemed };
  });

  // ---- The JSON calls ----

  defineRoute(
    app,
    identityEndpoints.socialSession,
    async ({ params, body, query, request }) => {
      const network = networkParam(params.network);
      const service = await serviceOf(body.serviceName);
      if (service.realmName !== body.realmName) throw new ApiError('FORBIDDEN');
      const seen = await readTicket(db, body.ticket, network, deps.now());
      if (seen.serviceName !== service.name) throw new ApiError('SOCIAL_TICKET_INVALID');
      const linked = await findLinkedGuid(db, service.realmName, network, seen.identity.socialUserId);
      if (linked) {
        return withTicket(db, { ticket: body.ticket, network, now: deps.now() }, async (ticket) => {
          const account = await findAccountByGuid(db, linked);
          if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
          await refreshProfile(db, account.guid, network, ticket.identity);
          return signIn(account, service, body.rememberMe ?? false);
        });
      }
      if (query.autoRegister !== 'true') throw new ApiError('USER_PROFILE_IDENTIFIERS_NOT_FOUND');
      // autoRegister: an account from the social profile, when it gives every identifier the form asks for.
      const template = await registrationTemplate(db, service.authenticationSchemeName, service);
      if (!template) throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [service.authenticationSchemeName]);
      const values =
        query.autoPopulate === 'false'
          ? new Map<string, string>()
          : populated(seen.identity, body.attributesMapping ?? []);
      if (query.autoPopulate === 'false' && seen.identity.email) values.set('email', seen.identity.email);
      const identifiers = template.identifiers.map((field) => ({
        name: field.name,
        value: values.get(field.name) ?? '',
      }));
      if (identifiers.some((identifier) => !identifier.value)) throw new ApiError('USER_PROFILE_IDENTIFIERS_NOT_FOUND');
      // An account is made: the registration limit counts it, as it counts the social registration form's.
      await takeAddressToken(deps, signUpRule(deps), request);
      return withTicket(db, { ticket: body.ticket, network, now: deps.now() }, async (ticket) => {
        // An address the network did not give (attributesMapping) is for the social registration
        // form to take, where it waits for its activation mail: autoRegister makes proven accounts only.
        const { guid } = await registerLinked(service, ticket.identity, network, identifiers, values, {
          vouchedOnly: true,
        });
        const account = await findAccountByGuid(db, guid);
        if (!account) throw new ApiError('technical_difficulties');
        return signIn(account, service, body.rememberMe ?? false, 201);
      });
    },
    {
      query: socialSessionQuerySchema as z.ZodMiniType<{
        autoRegister?: 'true' | 'false';
        autoPopulate?: 'true' | 'false';
      }>,
    },
  );

  /**
   * Creates an account without a password and links the identity, in one transaction. ACTIVE when
   * the network vouched for its e-mail address; else INACTIVE until the activation mailed to it
   * comes back, as a password registration's (social-address.ts says why).
   */
  async function registerLinked(
    service: Service,
    identity: SocialIdentity,
    network: SocialNetwork,
    identifiers: { name: string; value: string }[],
    values: Map<string, string>,
    options: { vouchedOnly?: boolean; roles?: readonly string[] } = {},
  ): Promise<{ guid: string; vouched: boolean }> {
    const template = await socialRegistrationTemplate(service);
    const attributes: Record<string, string> = {};
    for (const field of [...template.identifiers, ...template.attributes]) {
      const value = values.get(field.name)?.trim();
      if (value) attributes[field.name] = value;
    }
    const vouched = addressVouched(identity, attributes);
    if (!vouched && options.vouchedOnly) throw new ApiError('USER_PROFILE_IDENTIFIERS_NOT_FOUND');
    const guid = await db.transaction(async (tx) => {
      const guid = await createAccount(tx, {
        realmName: service.realmName,
        state: vouched ? 'ACTIVE' : 'INACTIVE',
        // No password: verifying anything against '' fails, so password login is impossible.
        passwordHash: '',
        attributes,
        identifiers,
        services: [service.name],
        ...(options.roles?.length ? { roles: options.roles } : {}),
        addressProven: vouched,
        now: deps.now(),
      });
      await linkProfile(tx, {
        guid,
        realmName: service.realmName,
        network,
        identity,
        now: deps.now(),
        registeredWith: true,
      });
      return guid;
    });
    return { guid, vouched };
  }

  async function socialRegistrationTemplate(service: Service) {
    const template = await registrationTemplate(db, service.authenticationSchemeName, service);
    if (!template) throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [service.authenticationSchemeName]);
    // The social registration form: the registration form without password fields (identity spec §2).
    return {
      identifiers: template.identifiers.filter((field) => !isPasswordField(field)),
      validators: template.validators.filter((field) => !isPasswordField(field)),
      attributes: template.attributes.filter((field) => !isPasswordField(field)),
    };
  }

  /**
   * The roles a social registration starts with (identity spec §3: `roles` and `rolesToAssign`).
   * As for a profile update (profileUpdate.ts), only the service's assignable roles may be asked
   * for: a page cannot hand a visitor a role the service keeps for itself.
   */
  function startingRoles(service: Service, body: { roles?: string[]; rolesToAssign?: string[] }): string[] {
    const asked = [...(body.roles ?? []), ...(body.rolesToAssign ?? [])];
    const assignable = new Set(service.settings.assignableRoles ?? []);
    if (asked.some((role) => !assignable.has(role))) throw new ApiError('FORBIDDEN');
    return [...new Set(asked)];
  }

  defineRoute(app, identityEndpoints.socialRegister, async ({ params, body, request }) => {
    const network = networkParam(params.network);
    const service = await serviceOf(body.services[0]!);
    if (service.realmName !== body.realm) throw new ApiError('SERVICE_NOT_FOUND', [service.name]);
    const template = await socialRegistrationTemplate(service);
    const values = checkAttributes(fieldsOf(template), body.attributes, { requireAll: true });
    const roles = startingRoles(service, body);
    const seen = await readTicket(db, body.ticket, network, deps.now());
    if (seen.serviceName !== service.name) throw new ApiError('SOCIAL_TICKET_INVALID');
    await takeAddressToken(deps, signUpRule(deps), request);
    const identifiers = template.identifiers.map((field) => ({
      name: field.name,
      value: (values.get(field.name) ?? '').trim(),
    }));
    return withTicket(db, { ticket: body.ticket, network, now: deps.now() }, async (ticket) => {
      const { guid, vouched } = await registerLinked(service, ticket.identity, network, identifiers, values, { roles });
      const account = await findAccountByGuid(db, guid);
      if (!account) throw new ApiError('technical_difficulties');
      if (vouched) return signIn(account, service, false, 201);
      sendWorkflowMail(deps, { kind: 'activation', account, service }, request.log);
      return { status: 202, body: { guid, state: 'INACTIVE' as const } };
    });
  });

  /**
   * Link and unlink change how the account signs in: they need the secure session of a fresh proof
   * (security/fresh-proof.ts), not the main session alone (issue 24, finding 4).
   */
  defineRoute(app, identityEndpoints.socialLink, async ({ params, body, request }) => {
    const network = networkParam(params.network);
    const { session, authorization } = await requireSession(deps, request, params.guid, { allowSecure: true });
    // Before the ticket is claimed: it stays good for the retry once the visitor has given the proof.
    checkFreshProof(session, deps.now());
    const account = await findAccountByGuid(db, session.guid);
    if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
    // Issue 24: whoever typed an address nobody proved (a purchase sign-up) must not plant their
    // own network on it, to sign in after its owner claims the address with a reset.
    if (!addressTrusted(account)) throw new ApiError('ADDRESS_NOT_PROVEN');
    await withTicket(db, { ticket: body.ticket, network, now: deps.now() }, (ticket) =>
      linkProfile(db, {
        guid: account.guid,
        realmName: account.realmName,
        network,
        identity: ticket.identity,
        now: deps.now(),
      }),
    );
    mailSocialLinked(account, network, authorization.serviceName, request.log);
    return { body: { profiles: await linkedProfiles(db, account.guid), hasPassword: account.passwordHash !== '' } };
  });

  /** Tells the owner, after the answer, that a network was linked (mail/messages.ts says why). */
  function mailSocialLinked(account: Account, network: SocialNetwork, serviceName: string, log: TaskLogger): void {
    const to = mailAddressOf(account);
    if (!to) return;
    deps.background.run(async () => {
      const service = await findService(db, serviceName);
      if (!service) return;
      await deps.mailer.send(socialLinkedNotice({ to, networkName: NETWORK_NAMES[network], service }));
    }, log);
  }

  defineRoute(app, identityEndpoints.socialUnlink, async ({ params, request }) => {
    const network = networkParam(params.network);
    const { session, authorization } = await requireSession(deps, request, params.guid, { allowSecure: true });
    const result = await db.transaction(async (tx) => {
      // One unlink at a time per account, so two cannot both leave it without a sign-in method.
      await tx.query('SELECT guid FROM user_profiles WHERE guid = $1 FOR UPDATE', [session.guid]);
      const account = await findAccountByGuid(tx, session.guid);
      if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
      const profiles = await linkedProfiles(tx, account.guid);
      if (!profiles[network.toUpperCase()]) throw new ApiError('SOCIAL_NO_NETWORK_LINKED');
      if (account.passwordHash === '' && Object.keys(profiles).length === 1) {
        // The last way in: the visitor must complete the profile (set a password) first. The
        // scheme travels in args so edit profile can load that scheme's template (auth-scheme notice).
        const service = await findService(tx, authorization.serviceName);
        throw new ApiError('unlink_user_social_network', [service?.authenticationSchemeName ?? '']);
      }
      // After the refusals above, which tell nothing GET /social/:guid does not: asking for a proof
      // first would make the visitor confirm only to hear that the unlink cannot be done.
      checkFreshProof(session, deps.now());
      await unlinkProfile(tx, account.guid, network);
      return { profiles: await linkedProfiles(tx, account.guid), hasPassword: account.passwordHash !== '' };
    });
    return { body: result };
  });

  /**
   * Secure mode for an account without a password (security/social-proof.ts): the visitor signed in
   * again just now with a network linked to the account; the ticket is spent, and the main session
   * of the request gets a new secure session, as POST /session/:id gives for a typed password.
   */
  defineRoute(app, identityEndpoints.socialReauthenticate, async ({ params, body, request }) => {
    const network = networkParam(params.network);
    const { session, sessionId, authorization } = await requireSession(deps, request, params.guid);
    const account = await findAccountByGuid(db, session.guid);
    if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
    const secureSession = await withTicket(db, { ticket: body.ticket, network, now: deps.now() }, async (ticket) => {
      // A ticket minted for another service's page is not this page's sign-in.
      if (ticket.serviceName !== authorization.serviceName) throw new ApiError('SOCIAL_TICKET_INVALID');
      const link = await findLinkedProfile(db, account.guid, network);
      checkSocialProof(account, link, ticket.identity.socialUserId, deps.now());
      // With a second factor on, the code is asked after the network (sign-in/gate.ts).
      return grantSecureSession(deps, {
        guid: account.guid,
        serviceName: session.serviceName ?? authorization.serviceName,
        mainSessionId: sessionId,
        method: 'social',
      });
    });
    return { body: { ...sessionResponse(sessionId, session), secureSession } };
  });

  defineRoute(app, identityEndpoints.getLinkedProfiles, async ({ params, request }) => {
    const { session } = await requireSession(deps, request, params.guid);
    const account = await findAccountByGuid(db, session.guid);
    if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
    return { body: { profiles: await linkedProfiles(db, account.guid), hasPassword: account.passwordHash !== '' } };
  });

  defineRoute(app, identityEndpoints.getSocialProfile, async ({ params, request }) => {
    const network = networkParam(params.network);
    const ticket = (request.query as Record<string, unknown>).ticket;
    if (typeof ticket !== 'string') throw validationFailed(['query.ticket']);
    const seen = await readTicket(db, ticket, network, deps.now());
    return { body: { network, ...seen.identity } };
  });

  defineRoute(
    app,
    identityEndpoints.getSocialAvatar,
    async ({ params, query, request }) => {
      const network = networkParam(params.network);
      const { session, authorization } = await requireSession(deps, request);
      // Only the caller's own linked profile: the call must not tell who else linked which identity.
      const linked = await findLinkedProfile(db, session.guid, network);
      if (!linked || linked.socialUserId !== params.socialUserId) throw new ApiError('SOCIAL_AVATAR_NOT_FOUND');
      const service = await findService(db, authorization.serviceName);
      const config = (service && configOf(service, network)) ?? { clientId: '', clientSecret: '' };
      const url = avatarUrl(network, linked.identity, config, {
        pictureType: query.pictureType,
        width: query.width ? Number(query.width) : undefined,
        height: query.height ? Number(query.height) : undefined,
      });
      if (!url) throw new ApiError('SOCIAL_AVATAR_NOT_FOUND');
      return { body: { network, socialUserId: linked.socialUserId, url } };
    },
    { query: socialAvatarQuerySchema },
  );

  defineRoute(app, identityEndpoints.getSocialPermissions, async ({ request }) => {
    const authorization = parseAuthorization(request.headers.authorization);
    if (!authorization) throw new ApiError('SERVICE_NAME_EMPTY');
    const service = await serviceOf(authorization.serviceName);
    const requested = service.settings.socialScope ?? DEFAULT_SOCIAL_SCOPE;
    // Each network's scopes as it spells them (adapters/social/scopes.ts), before extendPermissions.
    const networks = SOCIAL_NETWORKS.filter((network) => configOf(service, network)).map((network) => ({
      network,
      scopes: SOCIAL_ADAPTERS[network].scopes(requested),
    }));
    return { body: { networks } };
  });

  defineRoute(app, identityEndpoints.getSocialRegistrationTemplate, async ({ params }) => ({
    body: await socialRegistrationTemplate(await serviceOf(params.service)),
  }));

  defineRoute(app, identityEndpoints.getSocialLinkTemplate, async ({ params }) => {
    const template = await findTemplate(db, 'login', params.scheme);
    if (!template) throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [params.scheme]);
    return { body: template };
  });
}
