/**
 * Passkeys (WebAuthn, issue 31): adding, listing, naming and removing an account's passkeys;
 * signing in with one (discoverable, so the browser's autofill can offer it); stepping up (secure
 * mode) with one; and, where the service allows it, creating an account with a passkey and no
 * password. Each ceremony opens with an options call and ends with the credential made with them;
 * the ceremony is single use, short-lived and bound to the account or the service it was opened
 * for (identity/passkey-store.ts). The checks themselves are security/passkeys.ts's.
 */
import { identityEndpoints } from '@foyer/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { requireSession } from '../http/auth';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { calledServiceName } from '../http/frame-binding';
import { createAccount, REGISTRATION_DUPLICATE } from '../identity/accounts';
import { mailAddressOf } from '../identity/mail-address';
import {
  deletePasskey,
  findPasskey,
  findUserHandle,
  insertPasskey,
  listPasskeys,
  newUserHandle,
  openCeremony,
  publicPasskey,
  renamePasskey,
  storeUserHandle,
  takeCeremony,
  userHandleOf,
  type Ceremony,
  type CeremonyPurpose,
} from '../identity/passkey-store';
import { readRegistrationForm } from '../identity/registration-form';
import { linkedProfiles } from '../identity/social-store';
import { findAccountByGuid, findDefaultService, findService, type Service } from '../identity/store';
import { sendWorkflowMail } from '../mail/workflow-mail';
import { checkFreshProof } from '../security/fresh-proof';
import { creationOptions, requestOptions, verifyAssertion, verifyCreation } from '../security/passkeys';
import { takeAddressToken } from '../security/sign-up-limits';
import type { ThrottleRule } from '../security/throttle';
import { sessionResponse } from '../sign-in/answers';
import { grantSecureSession, startSignIn } from '../sign-in/gate';

/**
 * Sign-in and sign-up options per client address: each opens a ceremony row, so an anonymous
 * client must not open them without end. A page asks once per visit (and again after a failure).
 */
export const PASSKEY_OPTIONS_RULE: ThrottleRule = { bucket: 'passkey-options', max: 60, windowMs: 60 * 60_000 };

/** What a passkey is called until its owner names it. */
const DEFAULT_PASSKEY_NAME = 'Passkey';

interface SignUpPending {
  realm: string;
  services: string[];
  identifiers: { name: string; value: string }[];
  attributes: Record<string, string>;
  userHandle: string;
}

export function passkeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  /** The service of the calling frame (never none: the header, else the frame's own, else the default). */
  async function callingService(request: FastifyRequest): Promise<Service> {
    const serviceName = calledServiceName(request);
    const service = serviceName ? await findService(db, serviceName) : await findDefaultService(db);
    if (!service) throw new ApiError('SERVICE_NOT_FOUND', [serviceName ?? '']);
    return service;
  }

  /** The ceremony, taken (single use): open for `purpose`, not expired, and for `guid` when given. */
  async function ceremonyFor(ceremonyId: string, purpose: CeremonyPurpose, guid?: string): Promise<Ceremony> {
    const ceremony = await takeCeremony(db, ceremonyId, purpose, deps.now());
    if (!ceremony || (guid !== undefined && ceremony.guid !== guid)) throw new ApiError('PASSKEY_CEREMONY_INVALID');
    return ceremony;
  }

  /** Adding or removing a passkey changes how the account signs in: a fresh proof first. */
  async function freshOwner(request: FastifyRequest, guid: string) {
    const { session, authorization } = await requireSession(deps, request, guid, { allowSecure: true });
    checkFreshProof(session, deps.now(), 'PASSKEY_PROOF_REQUIRED');
    const account = await findAccountByGuid(db, session.guid);
    if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
    return { account, serviceName: authorization.serviceName };
  }

  defineRoute(app, identityEndpoints.passkeyRegistrationOptions, async ({ params, request }) => {
    const { account, serviceName } = await freshOwner(request, params.guid);
    const service = await findService(db, serviceName);
    const options = await creationOptions(deps.relyingParty(), {
      rpName: service?.displayName ?? serviceName,
      userName: mailAddressOf(account) ?? account.guid,
      userHandle: await userHandleOf(db, account.guid),
      exclude: await listPasskeys(db, account.guid),
    });
    const ceremonyId = await openCeremony(db, {
      purpose: 'register',
      challenge: options.challenge,
      guid: account.guid,
      serviceName,
      now: deps.now(),
    });
    return { body: { ceremonyId, options: { ...options } } };
  });

  defineRoute(app, identityEndpoints.passkeyRegister, async ({ params, body, request }) => {
    // The ceremony was opened with a fresh proof; the session must still be the same account's.
    const { session } = await requireSession(deps, request, params.guid, { allowSecure: true });
    const ceremony = await ceremonyFor(body.ceremonyId, 'register', session.guid);
    const created = await verifyCreation(deps.relyingParty(), body.credential, ceremony.challenge, request.log);
    const passkey = { ...created, guid: session.guid, name: body.name ?? DEFAULT_PASSKEY_NAME, createdAt: deps.now() };
    if (!(await insertPasskey(db, passkey))) throw new ApiError('PASSKEY_ALREADY_REGISTERED');
    return { status: 201, body: publicPasskey({ ...passkey, lastUsedAt: null }) };
  });

  defineRoute(app, identityEndpoints.listPasskeys, async ({ params, request }) => {
    const { session } = await requireSession(deps, request, params.guid, { allowSecure: true });
    return { body: { passkeys: (await listPasskeys(db, session.guid)).map(publicPasskey) } };
  });

  defineRoute(app, identityEndpoints.renamePasskey, async ({ params, body, request }) => {
    const { session } = await requireSession(deps, request, params.guid, { allowSecure: true });
    const renamed = await renamePasskey(db, session.guid, params.passkeyId, body.name);
    if (!renamed) throw new ApiError('PASSKEY_NOT_FOUND');
    return { body: publicPasskey(renamed) };
  });

  defineRoute(app, identityEndpoints.removePasskey, async ({ params, request }) => {
    const { session } = await requireSession(deps, request, params.guid, { allowSecure: true });
    const passkeys = await db.transaction(async (tx) => {
      // One removal at a time per account, so two cannot both leave it without a way in.
      await tx.query('SELECT guid FROM user_profiles WHERE guid = $1 FOR UPDATE', [session.guid]);
      const account = await findAccountByGuid(tx, session.guid);
      if (!account) throw new ApiError('USER_PROFILE_NOT_FOUND');
      const own = await listPasskeys(tx, account.guid);
      if (!own.some((passkey) => passkey.id === params.passkeyId)) throw new ApiError('PASSKEY_NOT_FOUND');
      const otherWays =
        account.passwordHash !== '' || own.length > 1 || Object.keys(await linkedProfiles(tx, account.guid)).length > 0;
      if (!otherWays) throw new ApiError('PASSKEY_LAST_SIGN_IN');
      // After the refusals above, as an unlink asks: a proof first would be asked only to hear "no".
      checkFreshProof(session, deps.now(), 'PASSKEY_PROOF_REQUIRED');
      await deletePasskey(tx, account.guid, params.passkeyId);
      return listPasskeys(tx, account.guid);
    });
    return { body: { passkeys: passkeys.map(publicPasskey) } };
  });

  defineRoute(app, identityEndpoints.passkeyLoginOptions, async ({ request }) => {
    const service = await callingService(request);
    await takeAddressToken(deps, PASSKEY_OPTIONS_RULE, request);
    const options = await requestOptions(deps.relyingParty());
    const ceremonyId = await openCeremony(db, {
      purpose: 'login',
      challenge: options.challenge,
      guid: null,
      serviceName: service.name,
      now: deps.now(),
    });
    return { body: { ceremonyId, options: { ...options } } };
  });

  defineRoute(app, identityEndpoints.passkeyLogin, async ({ body, request }) => {
    const service = await callingService(request);
    const ceremony = await ceremonyFor(body.ceremonyId, 'login');
    // A ceremony opened in another service's frame is not this frame's sign-in.
    if (ceremony.serviceName !== service.name) throw new ApiError('PASSKEY_CEREMONY_INVALID');
    // A passkey of an account of another realm is, for this service, a passkey it does not know.
    const passkey = await findPasskey(db, body.credential.id);
    const account = passkey && (await findAccountByGuid(db, passkey.guid));
    if (!passkey || !account || account.realmName !== service.realmName) throw new ApiError('PASSKEY_NOT_VERIFIED');
    await verifyAssertion(
      db,
      deps.relyingParty(),
      {
        credential: body.credential,
        challenge: ceremony.challenge,
        passkey,
        userHandle: await findUserHandle(db, passkey.guid),
        now: deps.now(),
      },
      request.log,
    );
    // Only the passkey's holder learns the account's state, as with a password.
    if (account.state === 'INACTIVE') throw new ApiError('user_profile_inactive');
    if (account.state === 'LOCKED') throw new ApiError('USER_PROFILE_LOCKED');
    return startSignIn(deps, {
      service,
      account,
      rememberMe: body.rememberMe ?? false,
      method: 'passkey',
      grantsSecure: true,
      reportMissingAttributes: true,
    });
  });

  defineRoute(app, identityEndpoints.passkeyReauthenticationOptions, async ({ params, request }) => {
    const { session, authorization } = await requireSession(deps, request, params.guid);
    const own = await listPasskeys(db, session.guid);
    if (own.length === 0) throw new ApiError('PASSKEY_NONE_REGISTERED');
    const options = await requestOptions(deps.relyingParty(), own);
    const ceremonyId = await openCeremony(db, {
      purpose: 'reauthenticate',
      challenge: options.challenge,
      guid: session.guid,
      serviceName: authorization.serviceName,
      now: deps.now(),
    });
    return { body: { ceremonyId, options: { ...options } } };
  });

  /**
   * Secure mode with a passkey: as POST /session/:id does with the password, the main session of the
   * request gets a new secure session, which every step-up takes (password-proof.ts, fresh-proof.ts).
   */
  defineRoute(app, identityEndpoints.passkeyReauthenticate, async ({ params, body, request }) => {
    const { session, sessionId, authorization } = await requireSession(deps, request, params.guid);
    const ceremony = await ceremonyFor(body.ceremonyId, 'reauthenticate', session.guid);
    const passkey = await findPasskey(db, body.credential.id);
    if (passkey?.guid !== session.guid) throw new ApiError('PASSKEY_NOT_VERIFIED');
    await verifyAssertion(
      db,
      deps.relyingParty(),
      {
        credential: body.credential,
        challenge: ceremony.challenge,
        passkey,
        userHandle: await findUserHandle(db, session.guid),
        now: deps.now(),
      },
      request.log,
    );
    const secureSession = await grantSecureSession(deps, {
      guid: session.guid,
      serviceName: session.serviceName ?? authorization.serviceName,
      mainSessionId: sessionId,
      method: 'passkey',
    });
    return { body: { ...sessionResponse(sessionId, session), secureSession } };
  });

  defineRoute(app, identityEndpoints.passkeySignUpOptions, async ({ body, request }) => {
    const form = await readRegistrationForm(deps, request, body, {
      password: 'none',
      allow: (primary) => {
        if (primary.settings.passkeySignUp !== true) throw new ApiError('PASSKEY_SIGN_UP_NOT_ALLOWED');
      },
    });
    const userHandle = newUserHandle();
    const userName = form.identifiers[0]?.value ?? '';
    const options = await creationOptions(deps.relyingParty(), {
      rpName: form.primary.displayName,
      userName,
      userHandle,
      exclude: [],
    });
    const pending: SignUpPending = {
      realm: body.realm,
      services: form.services.map((service) => service.name),
      identifiers: form.identifiers,
      attributes: form.attributes,
      userHandle,
    };
    const ceremonyId = await openCeremony(db, {
      purpose: 'sign-up',
      challenge: options.challenge,
      guid: null,
      serviceName: form.primary.name,
      pending: { ...pending },
      now: deps.now(),
    });
    return { body: { ceremonyId, options: { ...options } } };
  });

  defineRoute(app, identityEndpoints.passkeySignUp, async ({ body, request }) => {
    const ceremony = await ceremonyFor(body.ceremonyId, 'sign-up');
    const pending = ceremony.pending as SignUpPending;
    const service = await findService(db, ceremony.serviceName);
    // The owner may have turned passkey sign-up off since the options were given.
    if (!service || service.settings.passkeySignUp !== true) throw new ApiError('PASSKEY_SIGN_UP_NOT_ALLOWED');
    const created = await verifyCreation(deps.relyingParty(), body.credential, ceremony.challenge, request.log);
    if (await findPasskey(db, created.id)) throw new ApiError('PASSKEY_ALREADY_REGISTERED');
    const requireActivation = service.settings.requireActivation ?? true;
    const now = deps.now();
    const guid = await createAccount(db, {
      realmName: pending.realm,
      state: requireActivation ? 'INACTIVE' : 'ACTIVE',
      // No password: the passkey is the way in (a reset can add a password later).
      passwordHash: '',
      attributes: pending.attributes,
      identifiers: pending.identifiers,
      services: pending.services,
      // Typed, not proven: the activation mail proves it; without activation, a reset does.
      addressProven: false,
      now,
      duplicateCode: REGISTRATION_DUPLICATE,
    });
    await storeUserHandle(db, guid, pending.userHandle);
    await insertPasskey(db, { ...created, guid, name: body.name ?? DEFAULT_PASSKEY_NAME, createdAt: now });
    const account = await findAccountByGuid(db, guid);
    if (!account) throw new ApiError('technical_difficulties');
    if (requireActivation) {
      sendWorkflowMail(deps, { kind: 'activation', account, service }, request.log);
      return { status: 202, body: { guid, state: 'INACTIVE' as const } };
    }
    return startSignIn(deps, {
      service,
      account,
      rememberMe: body.rememberMe ?? false,
      method: 'passkey',
      grantsSecure: true,
      reportMissingAttributes: true,
      status: 201,
    });
  });
}
