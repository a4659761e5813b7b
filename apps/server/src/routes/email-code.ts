/**
 * Sign-in by e-mail code (issue 31): POST /emailCode mails a 6-digit code and a link to the
 * address; POST /emailCode/session signs in with the code, POST /emailCode/link/session with the
 * link's key. A code signs in the address's account, or, asked from the registration widget,
 * creates the account with its address proven. Offered only by a service whose configuration says
 * `emailCodeSignIn: true`.
 *
 * Nothing tells whether the address has an account: the request always answers the same, before
 * anything is looked up (the lookup and the mail run after the answer), and an address without an
 * account gets a code too (nobody is sent it), so its tries and its lock answer alike.
 *
 * Throttled per client address (the budget of every request that mails someone, shared with
 * forgot password), per e-mail address (5 codes an hour, known or not), per account (5 code mails
 * an hour, like the activation and reset mails), and, for the codes typed, by the login's own
 * limits per account and per client address (security/rate-limit.ts): a wrong code counts as a
 * failed login.
 */
import { EMAIL_PATTERN, identityEndpoints, type EmailCodePurpose } from '@foyer/api';
import { originAllowed } from '@foyer/protocol/light';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError, validationFailed } from '../http/errors';
import { calledServiceName } from '../http/frame-binding';
import { activateAccount, createAccount, markAddressProven, REGISTRATION_DUPLICATE } from '../identity/accounts';
import { checkEmailCode, issueEmailCode, useEmailCodeLink, type EmailCodeGrant } from '../identity/email-codes';
import { normalizeIdentifier } from '../identity/identifiers';
import { mailAddressOf } from '../identity/mail-address';
import {
  findAccountByGuid,
  findAccountByIdentifiers,
  findAuthenticationScheme,
  findDefaultService,
  findService,
  type Service,
} from '../identity/store';
import { mailLocale } from '../mail/billing-messages';
import { browserOf, emailCodeMail, emailCodeUrl } from '../mail/email-code-mail';
import { commitWithMails } from '../mail/with-key';
import { clientAddressKey } from '../security/client-address';
import { tooManyAttempts } from '../security/http-throttle';
import {
  clearIdentifierFailures,
  identifierKey,
  releaseAttempt,
  reserveAttempt,
  takeLoginPass,
} from '../security/rate-limit';
import { mailRequestRule, signUpRule, takeAddressToken } from '../security/sign-up-limits';
import { takeToken, type ThrottleRule } from '../security/throttle';
import { startSignIn } from '../sign-in/gate';

/** The scheme identifier a code is mailed to. */
const EMAIL_IDENTIFIER = 'email';

/** Codes asked for one e-mail address, whether or not it has an account. */
export const EMAIL_CODE_ADDRESS_RULE: ThrottleRule = { bucket: 'email-code-address', max: 5, windowMs: 60 * 60_000 };
/** Code mails sent to one account (mail bombing), like the activation and reset mails. */
export const EMAIL_CODE_MAIL_RULE: ThrottleRule = { bucket: 'email-code-mail', max: 5, windowMs: 60 * 60_000 };

export function emailCodeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  /** The calling frame's service, when it offers codes and its scheme signs in by e-mail address. */
  async function offeringService(request: FastifyRequest, realmName?: string): Promise<Service> {
    const serviceName = calledServiceName(request);
    const service = serviceName ? await findService(db, serviceName) : await findDefaultService(db);
    if (!service) throw new ApiError('SERVICE_NOT_FOUND', [serviceName ?? '']);
    if (realmName !== undefined && service.realmName !== realmName) throw new ApiError('FORBIDDEN');
    const scheme = await findAuthenticationScheme(db, service.authenticationSchemeName);
    if (!service.settings.emailCodeSignIn || !scheme?.identifiers.includes(EMAIL_IDENTIFIER)) {
      throw new ApiError('EMAIL_CODE_NOT_OFFERED');
    }
    return service;
  }

  const emailKey = (realmName: string, address: string) =>
    identifierKey(realmName, [{ name: EMAIL_IDENTIFIER, value: address }]);

  /** Mails the code (after the answer), or for an address nobody may be sent one, only stores it. */
  function issueInBackground(
    request: FastifyRequest,
    input: {
      service: Service;
      address: string;
      purpose: EmailCodePurpose;
      hostOrigin: string | null;
      locale: string | undefined;
    },
  ): void {
    const { service, address, purpose } = input;
    const browser = browserOf(request.headers['user-agent']);
    deps.background.run(async () => {
      const now = deps.now();
      const grant = { realmName: service.realmName, serviceName: service.name, address, purpose };
      const account = await findAccountByIdentifiers(db, service.realmName, [
        { name: EMAIL_IDENTIFIER, value: address },
      ]);
      // The login widget signs in only: an address without an account is sent nothing.
      if (!account && purpose === 'signIn') {
        await issueEmailCode(db, { ...grant, now });
        return;
      }
      if (account && (await takeToken(db, EMAIL_CODE_MAIL_RULE, account.guid, now)) !== null) return;
      const { deliver } = await commitWithMails(deps, async (tx) => {
        const { code, linkKey } = await issueEmailCode(tx, { ...grant, now });
        const mail = emailCodeMail({
          to: (account && mailAddressOf(account)) ?? address,
          code,
          url: emailCodeUrl(service.settings.siteUrl ?? deps.siteUrl, purpose, linkKey, service.name),
          serviceDisplayName: service.displayName,
          existingAccount: account !== null && purpose === 'register',
          hostOrigin: input.hostOrigin,
          browser,
          locale: mailLocale(input.locale ?? account?.attributes.locale),
        });
        return { result: null, mails: [mail] };
      });
      await deliver();
    }, request.log);
  }

  /**
   * The grant's account signed in, or (asked from registration) created with its address proven.
   * The mailbox is proven either way: an account waiting for its activation is activated.
   */
  async function signIn(request: FastifyRequest, grant: EmailCodeGrant, service: Service, rememberMe: boolean) {
    const now = deps.now();
    const identifiers = [{ name: EMAIL_IDENTIFIER, value: grant.address }];
    const found = await findAccountByIdentifiers(db, grant.realmName, identifiers);
    if (!found) {
      // Only a code asked from the login widget has no account behind it, and nobody was sent that one.
      if (grant.purpose !== 'register') throw new ApiError('EMAIL_CODE_INVALID');
      await takeAddressToken(deps, signUpRule(deps), request);
      const guid = await createAccount(db, {
        realmName: grant.realmName,
        state: 'ACTIVE',
        // No password: the account signs in by code (or sets one through forgot password).
        passwordHash: '',
        attributes: { [EMAIL_IDENTIFIER]: grant.address },
        identifiers,
        services: [service.name],
        addressProven: true,
        now,
        duplicateCode: REGISTRATION_DUPLICATE,
      });
      const created = await findAccountByGuid(db, guid);
      if (!created) throw new ApiError('technical_difficulties');
      return startSignIn(deps, {
        account: created,
        service,
        rememberMe,
        method: 'email_code',
        // A mailed code is not a fresh proof for secure mode: that still asks for the password.
        grantsSecure: false,
        reportMissingAttributes: true,
        status: 201,
      });
    }
    if (found.state === 'LOCKED') throw new ApiError('USER_PROFILE_LOCKED');
    if (found.state === 'INACTIVE') await activateAccount(db, found.guid);
    await markAddressProven(db, found.guid, now);
    await clearIdentifierFailures(db, emailKey(grant.realmName, grant.address));
    const account = (await findAccountByGuid(db, found.guid)) ?? found;
    return startSignIn(deps, {
      account,
      service,
      rememberMe,
      method: 'email_code',
      grantsSecure: false,
      reportMissingAttributes: true,
    });
  }

  defineRoute(app, identityEndpoints.requestEmailCode, async ({ body, request }) => {
    const service = await offeringService(request, body.realmName);
    const address = normalizeIdentifier(body.email);
    if (!EMAIL_PATTERN.test(address)) throw validationFailed(['email']);
    // Both limits before anything is looked up: known and unknown addresses spend them alike.
    await takeAddressToken(deps, mailRequestRule(deps), request);
    const wait = await takeToken(db, EMAIL_CODE_ADDRESS_RULE, emailKey(service.realmName, address), deps.now());
    if (wait !== null) throw tooManyAttempts(wait);
    // Named in the mail only when it is one of the service's sites: nobody writes into the mail.
    const hostOrigin =
      body.hostOrigin && originAllowed(body.hostOrigin, service.allowedHostOrigins) ? body.hostOrigin : null;
    issueInBackground(request, { service, address, purpose: body.purpose, hostOrigin, locale: body.locale });
    return { status: 202, body: { accepted: true as const } };
  });

  defineRoute(app, identityEndpoints.emailCodeSession, async ({ body, request }) => {
    const service = await offeringService(request, body.realmName);
    const address = normalizeIdentifier(body.email);
    const now = deps.now();
    const keys = { identifier: emailKey(service.realmName, address), address: clientAddressKey(request) };
    const reserved = await reserveAttempt(db, deps.loginRateLimit, keys, now);
    if ('wait' in reserved) throw tooManyAttempts(reserved.wait);
    const check = await checkEmailCode(db, {
      realmName: service.realmName,
      serviceName: service.name,
      address,
      code: body.code,
      now,
    });
    if (check.status === 'locked') throw new ApiError('EMAIL_CODE_LOCKED');
    if (check.status === 'invalid') throw new ApiError('EMAIL_CODE_INVALID');
    // A right code is no failure. Past the address limit, only an identifier holding a reset pass goes on (as for passwords).
    await releaseAttempt(db, reserved.reservation);
    const passedWait = reserved.reservation.passedAddressWait;
    if (passedWait !== undefined && !(await takeLoginPass(db, keys.identifier, now))) throw tooManyAttempts(passedWait);
    return signIn(request, check.grant, service, body.rememberMe ?? false);
  });

  defineRoute(app, identityEndpoints.emailCodeLinkSession, async ({ body, request }) => {
    const service = await offeringService(request);
    const grant = await useEmailCodeLink(db, { linkKey: body.key, serviceName: service.name, now: deps.now() });
    if (!grant) throw new ApiError('EMAIL_CODE_LINK_INVALID');
    return signIn(request, grant, service, body.rememberMe ?? false);
  });
}
