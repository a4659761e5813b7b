/**
 * A software authenticator for the passkey tests: a P-256 key made with node:crypto, attestation
 * "none", and the bytes a browser would hand the server (WebAuthn Level 3: §6.1 authenticator
 * data, §6.5 attestation object, §5.8.1 client data). The browser's part is played too: each
 * answer can say another origin or rpID, replay an old challenge, or carry an older counter, so a
 * test can show the server refusing it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationCredential, RegistrationCredential } from '@foyer/api';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** Authenticator data flags (WebAuthn §6.1). */
const FLAG = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attestedData: 0x40 };

/** What a browser says about the ceremony: by default the widgets origin and the options' rpID. */
export interface ClientOverrides {
  origin?: string;
  rpId?: string;
  /** A challenge other than the options' (a replay of an earlier ceremony's). */
  challenge?: string;
  /** The counter to sign with, instead of the next one (a clone that fell behind). */
  counter?: number;
  userVerified?: boolean;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The user handle the relying party gave at registration (returned at every sign-in). */
  userHandle: string | undefined;
  counter = 0;

  constructor(
    /** The origin the browser runs the frame on (the widgets origin). */
    private readonly origin: string,
    /** A synced passkey (backup eligible and backed up), as a platform's passkey manager makes. */
    private readonly synced = true,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** navigator.credentials.create() with the server's creation options. */
  register(options: Record<string, unknown>, overrides: ClientOverrides = {}): RegistrationCredential {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    this.userHandle = user.id;
    const clientData = this.clientData('webauthn.create', String(options.challenge), overrides);
    const authData = Buffer.concat([
      this.authDataHead(overrides.rpId ?? rp.id, FLAG.attestedData, overrides),
      Buffer.alloc(16), // AAGUID: none given with attestation "none"
      Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
    };
  }

  /** navigator.credentials.get() with the server's request options (sign-in or step-up). */
  authenticate(options: Record<string, unknown>, overrides: ClientOverrides = {}): AuthenticationCredential {
    const clientData = this.clientData('webauthn.get', String(options.challenge), overrides);
    const authData = this.authDataHead(overrides.rpId ?? String(options.rpId), 0, overrides);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }

  private clientData(type: string, challenge: string, overrides: ClientOverrides): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: overrides.challenge ?? challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  /** rpIdHash ‖ flags ‖ signCount: the counter goes up by one per use unless a test sets it. */
  private authDataHead(rpId: string, extraFlags: number, overrides: ClientOverrides): Buffer {
    this.counter = overrides.counter ?? this.counter + 1;
    let flags = FLAG.userPresent | extraFlags;
    if (overrides.userVerified ?? true) flags |= FLAG.userVerified;
    if (this.synced) flags |= FLAG.backupEligible | FLAG.backedUp;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
  }

  /** The public key as a COSE_Key (RFC 9053): EC2, ES256, P-256, x and y. */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    return Buffer.from(isoCBOR.encode(key));
  }
}
