/**
 * Secrets at rest (issue 27): what the server stores and must be able to use again (webhook and
 * Disqus secrets, social client secrets, the captcha secret, the visitor-token signing key) is
 * written AES-256-GCM-encrypted with a key from the environment, so a database dump or backup
 * alone gives none of them away.
 *
 * Stored form: `enc:v1:<kid>:<iv>:<tag>:<ciphertext>` (base64url parts). `kid` names the key (the
 * first 8 bytes of its SHA-256, hex), so a value tells which key opens it: FOYER_SECRETS_KEY seals
 * and opens, FOYER_SECRETS_KEY_PREVIOUS only opens (rotation; `secrets reencrypt` rewrites every
 * value with the current key). A value without the prefix is a secret stored before encryption
 * and is read as it is.
 *
 * Outside production, without FOYER_SECRETS_KEY, a fixed development key seals: the code path is
 * the same as production's and no plaintext is stored, but that key is published here, so it
 * protects nothing; production refuses to start without a key (production-checks.ts) and sealing
 * there refuses too.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const KEY_BYTES = 32;

/** The development key: derived from a published constant, so it is only a stand-in. */
const DEV_KEY = createHash('sha256').update('foyer development secrets key: not a secret').digest();

type Env = Record<string, string | undefined>;

interface Key {
  kid: string;
  key: Buffer;
}

interface KeyRing {
  /** The sealing key; none in production without FOYER_SECRETS_KEY (sealing refuses). */
  current: Key | undefined;
  /** Every key a value may be opened with, by kid. */
  readable: Map<string, Key>;
}

/** A key setting that is not 32 bytes of base64 or hex: refused at start, with its name. */
export class BadSecretsKey extends Error {
  constructor(name: string) {
    super(`${name} must be 32 random bytes, base64 or hex (openssl rand -base64 32)`);
    this.name = 'BadSecretsKey';
  }
}

/** A stored secret that cannot be opened: the wrong key, or an altered value. Never garbage. */
export class SecretUnreadable extends Error {
  constructor(reason: string) {
    super(`A stored secret cannot be decrypted: ${reason}`);
    this.name = 'SecretUnreadable';
  }
}

function keyOf(key: Buffer): Key {
  return { kid: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

function parseKey(name: string, raw: string): Key {
  const text = raw.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (bytes.length !== KEY_BYTES) throw new BadSecretsKey(name);
  return keyOf(bytes);
}

let cached: { signature: string; ring: KeyRing } | undefined;

/**
 * The keys from the environment, read at each use (cached while the variables stay the same): the
 * CLI, the server and tests changing keys between starts all see the current setting.
 */
function keyRing(env: Env = process.env): KeyRing {
  const current = env.FOYER_SECRETS_KEY || undefined;
  const previous = env.FOYER_SECRETS_KEY_PREVIOUS || undefined;
  const production = env.NODE_ENV === 'production';
  const signature = JSON.stringify([current, previous, production]);
  if (cached?.signature === signature) return cached.ring;
  const dev = keyOf(DEV_KEY);
  const keys = [
    ...(current ? [parseKey('FOYER_SECRETS_KEY', current)] : []),
    ...(previous ? [parseKey('FOYER_SECRETS_KEY_PREVIOUS', previous)] : []),
    // Values sealed with the published development key are no more secret than plaintext, which
    // is read too: opening them lets `secrets reencrypt` move a development database to a real key.
    dev,
  ];
  const ring = {
    current: current ? keys[0] : production ? undefined : dev,
    readable: new Map(keys.map((key) => [key.kid, key])),
  };
  cached = { signature, ring };
  return ring;
}

/** Checks the key settings at server start (the CLI meets them at first use): BadSecretsKey if malformed. */
export function checkSecretsKeys(env: Env = process.env): void {
  keyRing(env);
}

/** Whether a stored value is sealed (with any key) rather than legacy plaintext. */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** Whether `stored` is sealed with the current key (`secrets reencrypt` skips those). */
export function sealedWithCurrentKey(stored: string, env: Env = process.env): boolean {
  const current = keyRing(env).current;
  return current !== undefined && stored.startsWith(`${PREFIX}${current.kid}:`);
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** `plain` encrypted with the current key, in the stored form. */
export function sealSecret(plain: string, env: Env = process.env): string {
  const current = keyRing(env).current;
  if (!current) throw new Error('FOYER_SECRETS_KEY must be set in production to store secrets');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${current.kid}:${b64(iv)}:${b64(cipher.getAuthTag())}:${b64(ciphertext)}`;
}

/** The secret in a stored value: decrypted, or a legacy plaintext value as it is. */
export function openSecret(stored: string, env: Env = process.env): string {
  if (!isSealed(stored)) return stored;
  const [kid, iv, tag, ciphertext, ...rest] = stored.slice(PREFIX.length).split(':');
  if (!kid || iv === undefined || tag === undefined || ciphertext === undefined || rest.length)
    throw new SecretUnreadable('not in the enc:v1:<kid>:<iv>:<tag>:<ciphertext> form');
  const key = keyRing(env).readable.get(kid);
  if (!key)
    throw new SecretUnreadable(
      `it was encrypted with key ${kid}, which is neither FOYER_SECRETS_KEY nor FOYER_SECRETS_KEY_PREVIOUS`,
    );
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadable(`key ${kid} does not open it (a different key with the same id, or an altered value)`);
  }
}

/** `stored` sealed again with the current key (a legacy plaintext value sealed for the first time). */
export function resealSecret(stored: string, env: Env = process.env): string {
  return sealedWithCurrentKey(stored, env) ? stored : sealSecret(openSecret(stored, env), env);
}
