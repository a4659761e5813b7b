import { hash, verify } from '@node-rs/argon2';
import { slots } from './hash-slots';

/** OWASP Password Storage Cheat Sheet, argon2id: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashes computed at once: all but one of libuv's thread pool (UV_THREADPOOL_SIZE, default 4), so
 * a file read never waits behind a burst of logins (hash-slots.ts); never fewer than one.
 */
export const HASHES_AT_ONCE = Math.max(1, Number(process.env.UV_THREADPOOL_SIZE || 4) - 1);
export const hashing = slots(HASHES_AT_ONCE);

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, ARGON2_OPTIONS));
}

/** False for a wrong password and for a malformed stored hash (never throws on bad input). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(storedHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * A hash with the same parameters as real ones, of a password nobody knows. Logins for unknown
 * identifiers verify against it, so they take as long as a wrong password for a real account.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${crypto.randomUUID()}`);
  return dummyHash;
}
