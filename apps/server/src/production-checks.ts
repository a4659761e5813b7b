/**
 * What a server started with NODE_ENV=production refuses (issue 24, finding 10): settings that are
 * right for the demo stack and tests and wrong for a server others reach. Every problem is listed
 * at once, one line each, so an operator fixes them in one go rather than one restart at a time.
 */
import { FRAME_TOKEN_KEY_MIN_LENGTH } from './security/frame-tokens';

/** The server refuses to start: `problems` says why, one line each. */
export class UnsafeProductionSettings extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      [
        `Refusing to start with NODE_ENV=production: ${problems.length} unsafe setting${problems.length === 1 ? '' : 's'}`,
        ...problems.map((problem) => `- ${problem}`),
      ].join('\n'),
    );
    this.name = 'UnsafeProductionSettings';
  }
}

/**
 * Frame-token keys published in this repository's docs, compose file and tests, and the usual
 * placeholders: whoever knows one can mint tokens binding a frame to any service.
 */
const KNOWN_KEYS = new Set(
  [
    'test-frame-token-key-of-32-characters-at-least',
    'change-me',
    'changeme',
    'secret',
    'your-secret-here',
    'a-random-secret-of-at-least-32-characters',
  ].map((key) => key.toLowerCase()),
);

/** Bits a key of this length could carry at most, from the kinds of characters it uses. */
function estimatedBits(key: string): number {
  if (/^[0-9a-f]+$/i.test(key)) return key.length * 4;
  let alphabet = 0;
  if (/[a-z]/.test(key)) alphabet += 26;
  if (/[A-Z]/.test(key)) alphabet += 26;
  if (/[0-9]/.test(key)) alphabet += 10;
  if (/[^a-zA-Z0-9]/.test(key)) alphabet += 33;
  return key.length * Math.log2(Math.max(alphabet, 2));
}

/** The shortest period of a key that repeats a shorter string (`abcabcabc` → 3), else its length. */
function period(key: string): number {
  for (let size = 1; size <= key.length / 2; size += 1) {
    if (key.length % size === 0 && key.slice(0, size).repeat(key.length / size) === key) return size;
  }
  return key.length;
}

/**
 * Why a configured frame-token key is not a random 32-byte secret, or null when it may be one:
 * too short, too few kinds of characters for 256 bits (`openssl rand -base64 32` or `-hex 32`
 * pass), few distinct characters (`aaaa…`), a repeated pattern, or a published value.
 */
export function weakFrameTokenKey(key: string): string | null {
  const bytes = Buffer.byteLength(key, 'utf8');
  if (bytes < FRAME_TOKEN_KEY_MIN_LENGTH) return `is ${bytes} bytes long, needs at least ${FRAME_TOKEN_KEY_MIN_LENGTH}`;
  if (KNOWN_KEYS.has(key.toLowerCase())) return 'is a published example value';
  const distinct = new Set(key).size;
  if (distinct < 12) return `uses only ${distinct} distinct characters`;
  if (period(key) < key.length) return 'repeats a shorter string';
  // 240, not 256: a random base64 key may lack one kind of character by chance.
  if (estimatedBits(key) < 240) return 'has less than 32 bytes (256 bits) of randomness for its length and characters';
  return null;
}

/** A host-origin pattern naming the machine itself: localhost (any subdomain), 127.0.0.0/8, [::1]. */
export function isLocalOrigin(pattern: string): boolean {
  const host = pattern
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\/.*$/, '')
    .replace(/:(\d+|\*)$/, '')
    .toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '0.0.0.0'
  );
}

export interface ProductionSettings {
  devMailbox: boolean;
  seedDemo: boolean;
  /** The card provider is the manual test card (accepts any token). */
  manualCard: boolean;
  /** FOYER_SECRETS_KEY is set (stored secrets are encrypted with it, security/secret-box.ts). */
  secretsKey?: boolean;
  /** The configured frame-token key, if any. */
  frameTokenKey: string | undefined;
  publicUrl: string;
  /** FOYER_ALLOW_HTTP_PUBLIC_URL: an http widgets origin on a private network, on purpose. */
  allowHttpPublicUrl: boolean;
  /** FOYER_SITE_URL as configured (unset: mail links would open http://localhost:8080). */
  siteUrl?: string | undefined;
  /** FOYER_DEV_CLOCK: the test clock, which anyone could move (renewing and expiring subscriptions). */
  devClock?: boolean;
  /**
   * Every service the server will hold, with the origins it will allow in production; `stored`:
   * kept from an earlier start (no longer in the seed configuration).
   */
  services: readonly { name: string; allowedHostOrigins: readonly string[]; stored?: boolean }[];
}

/** One line per unsafe setting; empty when a production start may go ahead. */
export function productionProblems(settings: ProductionSettings): string[] {
  const problems: string[] = [];
  if (settings.devMailbox)
    problems.push('FOYER_DEV_MAILBOX is on: /dev/mailbox would show every mailed reset key to anyone; unset it');
  if (settings.seedDemo)
    problems.push('FOYER_SEED_DEMO is on: the demo account, whose password is published, would log in; unset it');
  if (settings.manualCard)
    problems.push(
      'FOYER_CARD_PROVIDER=manual: the test card accepts any token as paid; use stripe or mercadopago, or unset it',
    );
  if (settings.devClock)
    problems.push(
      "FOYER_DEV_CLOCK is on: POST /dev/clock would let anyone move the server's time (renewing and expiring subscriptions); unset it",
    );
  if (settings.frameTokenKey === undefined) {
    problems.push(
      `FOYER_FRAME_TOKEN_KEY is not set: set a random secret of at least ${FRAME_TOKEN_KEY_MIN_LENGTH} bytes (openssl rand -base64 32)`,
    );
  } else {
    const weak = weakFrameTokenKey(settings.frameTokenKey);
    if (weak) problems.push(`FOYER_FRAME_TOKEN_KEY ${weak}: use a random secret (openssl rand -base64 32)`);
  }
  // Always needed: every server stores at least the visitor-token signing key.
  if (settings.secretsKey === false)
    problems.push(
      'FOYER_SECRETS_KEY is not set: stored secrets (signing key, webhook, Disqus, social and captcha secrets) are encrypted with it; set 32 random bytes (openssl rand -base64 32)',
    );
  let protocol = '';
  try {
    protocol = new URL(settings.publicUrl).protocol;
  } catch {
    problems.push(`PUBLIC_URL is not a URL: ${settings.publicUrl}`);
  }
  if (protocol && protocol !== 'https:' && !settings.allowHttpPublicUrl)
    problems.push(
      `PUBLIC_URL is ${settings.publicUrl}, not https: seamless sign-in and sessions need https (on a private network, FOYER_ALLOW_HTTP_PUBLIC_URL=true)`,
    );
  if (settings.siteUrl === undefined)
    problems.push(
      "FOYER_SITE_URL is not set: links in mail (activation, password reset) would open http://localhost:8080; set your site's address",
    );
  else if (isLocalOrigin(settings.siteUrl))
    problems.push(`FOYER_SITE_URL is ${settings.siteUrl}: visitors cannot open links in mail to this machine`);
  for (const service of settings.services) {
    const local = service.allowedHostOrigins.filter(isLocalOrigin);
    if (local.length)
      problems.push(
        `service ${service.name} allows pages on this machine to embed its frames (${local.join(', ')}): ${
          service.stored
            ? 'it is stored from an earlier start, not in seed-config.ts; delete it or fix allowed_host_origins in the services table'
            : 'remove them from its allowedHostOrigins in seed-config.ts'
        }`,
      );
  }
  return problems;
}
