/**
 * POST /session (login), POST /session/:id (re-authentication), GET /session/:id (SSO refresh), DELETE /session/:id (logout).
 */
import { identityEndpoints, parseAuthorization, type sessionCreateSchema } from '@foyer/api';
import type * as z from 'zod/mini';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { sessionServes } from '../http/auth';
import { calledServiceName } from '../http/frame-binding';
import { ApiError, validationFailed } from '../http/errors';
import { defineRoute } from '../http/define-route';
import { findAccountByIdentifiers, findAuthenticationScheme, findDefaultService, findService } from '../identity/store';
import { normalizeIdentifier } from '../identity/identifiers';
import { clientAddressKey } from '../security/client-address';
import { checkCaptcha } from '../security/captcha';
import { getDummyHash, verifyPassword } from '../security/passwords';
import { tooManyAttempts } from '../security/http-throttle';
import {
  clearIdentifierFailures,
  identifierKey,
  releaseAttempt,
  reserveAttempt,
  takeLoginPass,
} from '../security/rate-limit';
import { deleteSession, useSession } from '../security/sessions';
import { sessionResponse, ssoHeader } from '../sign-in/answers';
import { grantSecureSession, startSignIn } from '../sign-in/gate';

type LoginBody = z.input<typeof sessionCreateSchema>;

/** The validator whose value is checked against the stored password hash. */
const PASSWORD_VALIDATOR = 'password';

export function sessionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  /**
   * The password login shared by POST /session and POST /session/:id: the service, the scheme's
   * identifiers and validators, throttling, the captcha, one password check; answers the verified
   * active account. `sameAccount` (re-authentication) is checked where a wrong password would
   * fail, so a different account takes the wrong password's path and answer.
   */
  async function passwordLogin(
    body: LoginBody,
    request: FastifyRequest,
    sameAccount: (guid: string) => boolean = () => true,
  ) {
    // Every login is for a service: the one the header names, else the one the calling frame was
    // served for (never none, and never another: leaving the header out cannot skip its captcha).
    const serviceName = calledServiceName(request);
    const service = serviceName ? await findService(db, serviceName) : await findDefaultService(db);
    if (!service) throw new ApiError('SERVICE_NOT_FOUND', [serviceName ?? '']);

    const scheme = await findAuthenticationScheme(db, body.authenticationSchemeName);
    if (!scheme || scheme.realmName !== body.realmName) {
      throw new ApiError('AUTHENTICATION_SCHEME_NOT_FOUND', [body.authenticationSchemeName]);
    }
    if (service.realmName !== body.realmName) throw new ApiError('FORBIDDEN');
    // Exactly the scheme's identifiers, each once; its validators must all be present.
    const identifiers = scheme.identifiers.map((name) => body.identifiers.find((given) => given.name === name));
    const missing = [
      ...scheme.identifiers.filter((_, index) => !identifiers[index]?.value.trim()).map((n) => `identifiers.${n}`),
      ...scheme.validators
        .filter((name) => !body.validators.some((v) => v.name === name))
        .map((n) => `validators.${n}`),
    ];
    if (missing.length) throw validationFailed(missing);
    const given = identifiers.filter((identifier) => identifier !== undefined);
    const password = body.validators.find((validator) => validator.name === PASSWORD_VALIDATOR)?.value ?? '';

    const now = deps.now();
    const keys = {
      identifier: identifierKey(
        body.realmName,
        given.map(({ name, value }) => ({ name, value: normalizeIdentifier(value) })),
      ),
      address: clientAddressKey(request),
    };
    const hasCaptcha = Boolean(service.settings.recaptchaSiteKey);
    const reserved = await reserveAttempt(db, deps.loginRateLimit, keys, now, { addressLimit: !hasCaptcha });
    if ('wait' in reserved) throw tooManyAttempts(reserved.wait);

    // Unknown identifier and wrong password take the same path: one lookup, one argon2 verify,
    // one counted failure, the same answer.
    let failed = false;
    let account: Awaited<ReturnType<typeof findAccountByIdentifiers>>;
    try {
      // Before the password: a bot without a solved captcha learns nothing and costs no hashing.
      await checkCaptcha(deps, request, [service], body.recaptchaResponse);
      account = await findAccountByIdentifiers(db, body.realmName, given);
      const valid = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), password);
      failed = !account || !valid || !sameAccount(account.guid);
    } finally {
      // Only a wrong password stays counted; a refused captcha must not let bots use up the owner's tries.
      if (!failed) await releaseAttempt(db, reserved.reservation);
    }
    if (!account || failed) throw new ApiError('IDENTIFIERS_INVALID');
    // Past the address limit on the reset pass: only the one correct login that takes it goes on.
    const passedWait = reserved.reservation.passedAddressWait;
    if (passedWait !== undefined && !(await takeLoginPass(db, keys.identifier, deps.now()))) {
      throw tooManyAttempts(passedWait);
    }
    // Only someone who knows the password learns the account's state.
    if (account.state === 'INACTIVE') throw new ApiError('user_profile_inactive');
    if (account.state === 'LOCKED') throw new ApiError('USER_PROFILE_LOCKED');

    await clearIdentifierFailures(db, keys.identifier);
    return { service, account, now };
  }

  defineRoute(app, identityEndpoints.createSession, async ({ body, request }) => {
    const { service, account } = await passwordLogin(body, request);
    // The gate every sign-in passes (sign-in/gate.ts): the second factor, when there is one.
    return startSignIn(deps, {
      account,
      service,
      // The schema defaults it to false; the endpoint type is the input side, hence `??`.
      rememberMe: body.rememberMe ?? false,
      method: 'password',
      grantsSecure: true,
      reportMissingAttributes: true,
    });
  });

  /**
   * POST /session/:id: re-authentication. The same login, for the account of that live main
   * session: answers the session refreshed and a new secure session. Another account, or a session
   * that ended, gets the login's own failure (IDENTIFIERS_INVALID), so it tells nothing more.
   */
  defineRoute(app, identityEndpoints.reauthenticateSession, async ({ params, body, request }) => {
    const found = await useSession(db, params.id, deps.now());
    const owner = found.status === 'valid' ? found.session.guid : null;
    const { service, account } = await passwordLogin(body, request, (guid) => guid === owner);
    // A session made where less was asked is not re-authenticated here (http/auth.ts sessionServes).
    if (found.status !== 'valid' || !(await sessionServes(db, found.session, service.name))) {
      throw new ApiError('IDENTIFIERS_INVALID');
    }
    const response = {
      ...sessionResponse(params.id, found.session),
      // With a second factor on, the code is asked after the password (sign-in/gate.ts).
      secureSession: await grantSecureSession(deps, {
        guid: account.guid,
        serviceName: found.session.serviceName ?? service.name,
        mainSessionId: params.id,
        method: 'password',
      }),
    };
    return { body: response, headers: ssoHeader(deps, service) };
  });

  defineRoute(app, identityEndpoints.getSession, async ({ params, request }) => {
    const found = await useSession(db, params.id, deps.now());
    const serviceName = calledServiceName(request);
    // SSO refresh in the frame of a service that asks more at sign-in than this session's (sessionServes).
    if (found.status === 'not-found' || (serviceName && !(await sessionServes(db, found.session, serviceName)))) {
      throw new ApiError('SESSION_NOT_FOUND');
    }
    if (found.status === 'expired') throw new ApiError('SESSION_HAS_EXPIRED');
    return { body: sessionResponse(params.id, found.session) };
  });

  defineRoute(app, identityEndpoints.deleteSession, async ({ params, request }) => {
    const deleted = await deleteSession(db, params.id);
    if (!deleted) throw new ApiError('SESSION_NOT_FOUND');
    const serviceName = parseAuthorization(request.headers.authorization)?.serviceName ?? deleted.serviceName;
    const service = serviceName ? await findService(db, serviceName) : null;
    return { status: 204, body: undefined, headers: ssoHeader(deps, service) };
  });
}
