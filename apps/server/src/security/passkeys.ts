/**
 * The WebAuthn ceremonies over `@simplewebauthn/server`: options to give the browser, and the
 * checks of what it answers (origin, relying party, challenge, user verification, signature,
 * counter). Every failure is one answer, PASSKEY_NOT_VERIFIED: what failed is logged, not told.
 *
 * User verification is required everywhere: a passkey sign-in stands for the password and the
 * second factor together (routes/session.ts, LoginMethod), so the authenticator must have checked
 * the person (a PIN, a fingerprint), not only their presence.
 */
import type { AuthenticationCredential, RegistrationCredential } from '@foyer/api';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { PASSKEY_CEREMONY_LIFETIME_MS, recordPasskeyUse, type StoredPasskey } from '../identity/passkey-store';
import type { RelyingParty } from './webauthn-rp';

/** What the browser is told to wait: the ceremony's own lifetime. */
const TIMEOUT_MS = PASSKEY_CEREMONY_LIFETIME_MS;

export type NewCredential = Pick<
  StoredPasskey,
  'id' | 'publicKey' | 'counter' | 'transports' | 'deviceType' | 'backedUp' | 'backupEligible'
>;

function notVerified(log: FastifyBaseLogger, reason: unknown): ApiError {
  log.info({ reason: reason instanceof Error ? reason.message : String(reason) }, 'passkey not verified');
  return new ApiError('PASSKEY_NOT_VERIFIED');
}

function descriptors(passkeys: readonly StoredPasskey[]) {
  return passkeys.map((passkey) => ({ id: passkey.id, transports: passkey.transports }));
}

/** Options to create a discoverable passkey for the user; the account's own passkeys are excluded. */
export function creationOptions(
  rp: RelyingParty,
  input: { rpName: string; userName: string; userHandle: string; exclude: readonly StoredPasskey[] },
) {
  return generateRegistrationOptions({
    rpName: input.rpName,
    rpID: rp.rpID,
    userName: input.userName,
    userID: isoBase64URL.toBuffer(input.userHandle),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: descriptors(input.exclude),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Checks a new credential against the ceremony's challenge; answers what to store. */
export async function verifyCreation(
  rp: RelyingParty,
  credential: RegistrationCredential,
  challenge: string,
  log: FastifyBaseLogger,
): Promise<NewCredential> {
  let result;
  try {
    result = await verifyRegistrationResponse({
      response: { ...credential, clientExtensionResults: credential.clientExtensionResults ?? {} },
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    throw notVerified(log, error);
  }
  if (!result.verified) throw notVerified(log, 'registration not verified');
  const info = result.registrationInfo;
  return {
    id: info.credential.id,
    publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: credential.response.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    // WebAuthn §6.1: a multi-device credential is exactly one whose backup-eligible flag is set.
    backupEligible: info.credentialDeviceType === 'multiDevice',
  };
}

/**
 * Options to sign in or step up. Without `allow` (sign-in) no allowCredentials: the browser offers
 * the discoverable passkeys it holds for the relying party, in its autofill too (conditional mediation).
 */
export function requestOptions(rp: RelyingParty, allow?: readonly StoredPasskey[]) {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    ...(allow ? { allowCredentials: descriptors(allow) } : {}),
  });
}

/**
 * Checks an assertion made with `passkey` against the ceremony's challenge, then records the use:
 * a signature counter that did not go up (a cloned authenticator, a replay) is refused, in the
 * statement that stores the new one (identity/passkey-store.ts recordPasskeyUse).
 */
export async function verifyAssertion(
  db: Db,
  rp: RelyingParty,
  input: {
    credential: AuthenticationCredential;
    challenge: string;
    passkey: StoredPasskey;
    /** The account's user handle: a discoverable credential's answer must carry this one. */
    userHandle: string | null;
    now: number;
  },
  log: FastifyBaseLogger,
): Promise<void> {
  const { credential, passkey } = input;
  const given = credential.response.userHandle;
  if (given !== undefined && given !== input.userHandle) throw notVerified(log, 'user handle differs');
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: { ...credential, clientExtensionResults: credential.clientExtensionResults ?? {} },
      expectedChallenge: input.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    throw notVerified(log, error);
  }
  if (!result.verified) throw notVerified(log, 'assertion not verified');
  const recorded = await recordPasskeyUse(db, {
    id: passkey.id,
    newCounter: result.authenticationInfo.newCounter,
    backedUp: result.authenticationInfo.credentialBackedUp,
    now: input.now,
  });
  if (!recorded) throw notVerified(log, 'signature counter did not go up');
}
