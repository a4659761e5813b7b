/**
 * Server options from the environment (main.ts) and their defaults (startServer).
 *
 *   PORT (8081), HOST (127.0.0.1), PUBLIC_URL (http://<host>:<port>), IC_DOMAIN (<PUBLIC_URL>/ic/api),
 *   DATABASE_URL (PostgreSQL; else embedded PGlite), FOYER_DB_SCHEMA, FOYER_DATA_DIR (apps/server/.data, or `memory`),
 *   FOYER_FRAME_DIST, FOYER_LOADER_DIST, FOYER_TRUST_PROXY (1/true), FOYER_LOG (1/true),
 *   FOYER_LOGIN_LIMIT_PER_IDENTIFIER (10), FOYER_LOGIN_LIMIT_PER_ADDRESS (100), FOYER_LOGIN_LIMIT_WINDOW_MINUTES (15),
 *   FOYER_LOGIN_MAX_DELAY_MINUTES (15),
 *   SMTP_URL (smtp[s]://user:pass@host:port; else mail goes to the outbox), MAIL_FROM,
 *   FOYER_SITE_URL (formerly DEMO_SITE_URL, still read; http://localhost:8080; where links in mail
 *   point; required in production), FOYER_DEV_MAILBOX (off unless 1/true),
 *   FOYER_SEED_DEMO (off unless 1/true: the demo account and catalogue),
 *   FOYER_CONFIG_FILE (the site owner's configuration, JSON or YAML, applied at start; site-config/file.ts),
 *   RECAPTCHA_VERIFY_URL (Google's siteverify), RECAPTCHA_SECRET (default secret for services without one),
 *   FOYER_IDENTIFIER_SEARCH_PER_MINUTE (30), FOYER_REGISTRATION_PER_HOUR (20; accounts created per address),
 *   FOYER_FORGOT_PASSWORD_PER_HOUR (10; forgot password and resend activation requests per address),
 *   FOYER_FRAME_TOKEN_KEY (≥ 32 bytes; signs the frame tokens; required when NODE_ENV=production, and
 *   there a random one, else a random key per start), FOYER_ALLOW_HTTP_PUBLIC_URL (off; production
 *   accepts an http PUBLIC_URL only with it), FOYER_DEV_CLOCK (off unless 1/true: the test clock,
 *   GET/POST /dev/clock; refused in production), FOYER_TRANSFER_BENEFICIARY / _ACCOUNT / _BIC (the
 *   bank-transfer details, billing/transfer.ts), FOYER_ON_REFUND (expire|keep), FOYER_ON_DISPUTE
 *   (suspend|keep) (billing/policy.ts), FOYER_WEBAUTHN_RP_ID (the passkeys' relying party id; default the
 *   registrable domain of PUBLIC_URL, security/webauthn-rp.ts). NODE_ENV=production refuses unsafe settings
 *   (production-checks.ts).
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_DB_TIMEOUTS, type DbTimeouts } from './db/postgres';
import { UnsafeProductionSettings, weakFrameTokenKey } from './production-checks';
import { FRAME_TOKEN_KEY_MIN_LENGTH, randomFrameTokenKey } from './security/frame-tokens';
import { DEFAULT_LOGIN_RATE_LIMIT, type LoginRateLimit } from './security/rate-limit';

export const DEFAULT_PORT = 8081;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.data', import.meta.url));
export const DEFAULT_FRAME_DIST = fileURLToPath(new URL('../../frame/dist', import.meta.url));
export const DEFAULT_LOADER_DIST = fileURLToPath(new URL('../../loader/dist', import.meta.url));
/** The built console (issue 28). Here, not beside its module: src/ and the bundle in dist/ sit at the same depth. */
export const DEFAULT_CONSOLE_DIST = fileURLToPath(new URL('../../console/dist', import.meta.url));

type Env = Record<string, string | undefined>;

function positiveInt(env: Env, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  return raw === '1' || raw.toLowerCase() === 'true';
}

/** The login rate limit: explicit values first, then the environment, then the defaults. */
export function loginRateLimitFrom(explicit: Partial<LoginRateLimit> = {}, env: Env = process.env): LoginRateLimit {
  return {
    perIdentifier:
      explicit.perIdentifier ??
      positiveInt(env, 'FOYER_LOGIN_LIMIT_PER_IDENTIFIER') ??
      DEFAULT_LOGIN_RATE_LIMIT.perIdentifier,
    perAddress:
      explicit.perAddress ?? positiveInt(env, 'FOYER_LOGIN_LIMIT_PER_ADDRESS') ?? DEFAULT_LOGIN_RATE_LIMIT.perAddress,
    windowMinutes:
      explicit.windowMinutes ??
      positiveInt(env, 'FOYER_LOGIN_LIMIT_WINDOW_MINUTES') ??
      DEFAULT_LOGIN_RATE_LIMIT.windowMinutes,
    maxDelayMinutes:
      explicit.maxDelayMinutes ??
      positiveInt(env, 'FOYER_LOGIN_MAX_DELAY_MINUTES') ??
      DEFAULT_LOGIN_RATE_LIMIT.maxDelayMinutes,
  };
}

export interface EnvOptions {
  port: number;
  host: string;
  publicUrl?: string | undefined;
  icDomain?: string | undefined;
  databaseUrl?: string | undefined;
  databaseSchema?: string | undefined;
  dataDir?: string | undefined;
  frameDist?: string | undefined;
  loaderDist?: string | undefined;
  trustProxy?: boolean | undefined;
  logger?: boolean | undefined;
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  siteUrl?: string | undefined;
  devMailbox?: boolean | undefined;
  seedDemo?: boolean | undefined;
  /** FOYER_CONFIG_FILE: the configuration file applied at start instead of seed-config.ts's default. */
  configFile?: string | undefined;
  recaptchaVerifyUrl?: string | undefined;
  recaptchaSecret?: string | undefined;
  identifierSearchPerMinute?: number | undefined;
  registrationPerHour?: number | undefined;
  forgotPasswordPerHour?: number | undefined;
  operatorToken?: string | undefined;
  metricsToken?: string | undefined;
  orderTtlMinutes?: number | undefined;
  frameTokenKey?: string | undefined;
  /**
   * FOYER_SECRETS_KEY (and FOYER_SECRETS_KEY_PREVIOUS, read only by security/secret-box.ts, which
   * reads both at each use): whether the key that encrypts stored secrets is set.
   */
  secretsKey?: boolean | undefined;
  /** FOYER_CARD_PROVIDER as given (production refuses `manual`). */
  cardProvider?: string | undefined;
  /** FOYER_ALLOW_HTTP_PUBLIC_URL: production accepts an http PUBLIC_URL (a private network). */
  allowHttpPublicUrl?: boolean | undefined;
  /** FOYER_DEV_CLOCK: the test clock (billing/clock.ts). */
  devClock?: boolean | undefined;
  /** FOYER_WEBAUTHN_RP_ID: the passkeys' relying party id (security/webauthn-rp.ts). */
  webauthnRpId?: string | undefined;
  production?: boolean | undefined;
}

/**
 * How long a client may take: to send its request headers, its whole request (headers and body),
 * and to stay silent on an open connection. Stalled clients would otherwise hold sockets forever.
 */
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  /**
   * An open connection silent this long is closed: before its first request (with the headers
   * timeout, which usually comes first) and between requests, where it is Node's keepAliveTimeout.
   * The server announces less (`Keep-Alive: timeout=`, http/keep-alive.ts) so that clients stop
   * reusing a connection well before the server closes it. Behind a load balancer or proxy that
   * keeps connections to the server, it must exceed that one's idle timeout (AWS ALB 60 s, nginx
   * `keepalive_timeout` 60 s; Google Cloud's load balancers 600 s): otherwise the server may close
   * a connection the balancer is just reusing, and the visitor's request fails (502) — the same
   * race as a client's ECONNRESET.
   */
  idleMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, idleMs: 75_000 };

function milliseconds(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name}: expected a positive number of milliseconds`);
  return value;
}

export function timeoutsFrom(explicit: Partial<ServerTimeouts> = {}, env: Env = process.env): ServerTimeouts {
  const timeouts = {
    headersMs: explicit.headersMs ?? milliseconds('FOYER_HEADERS_TIMEOUT_MS', env.FOYER_HEADERS_TIMEOUT_MS),
    requestMs: explicit.requestMs ?? milliseconds('FOYER_REQUEST_TIMEOUT_MS', env.FOYER_REQUEST_TIMEOUT_MS),
    idleMs: explicit.idleMs ?? milliseconds('FOYER_IDLE_TIMEOUT_MS', env.FOYER_IDLE_TIMEOUT_MS),
  };
  const result = {
    headersMs: timeouts.headersMs ?? DEFAULT_TIMEOUTS.headersMs,
    requestMs: timeouts.requestMs ?? DEFAULT_TIMEOUTS.requestMs,
    idleMs: timeouts.idleMs ?? DEFAULT_TIMEOUTS.idleMs,
  };
  // Node refuses a headers timeout longer than the request's: the headers are part of the request.
  result.headersMs = Math.min(result.headersMs, result.requestMs);
  return result;
}

/** The PostgreSQL pool's timeouts (db/postgres.ts): explicit values, then the environment, then the defaults. */
export function dbTimeoutsFrom(explicit: Partial<DbTimeouts> = {}, env: Env = process.env): DbTimeouts {
  return {
    connectMs:
      explicit.connectMs ??
      milliseconds('FOYER_DB_CONNECT_TIMEOUT_MS', env.FOYER_DB_CONNECT_TIMEOUT_MS) ??
      DEFAULT_DB_TIMEOUTS.connectMs,
    statementMs:
      explicit.statementMs ??
      milliseconds('FOYER_DB_STATEMENT_TIMEOUT_MS', env.FOYER_DB_STATEMENT_TIMEOUT_MS) ??
      DEFAULT_DB_TIMEOUTS.statementMs,
    idleInTransactionMs:
      explicit.idleInTransactionMs ??
      milliseconds('FOYER_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', env.FOYER_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS) ??
      DEFAULT_DB_TIMEOUTS.idleInTransactionMs,
  };
}

export const DEFAULT_SITE_URL = 'http://localhost:8080';
export const DEFAULT_MAIL_FROM = 'Foyer <no-reply@foyer.test>';
export const DEFAULT_IDENTIFIER_SEARCH_PER_MINUTE = 30;
export const DEFAULT_REGISTRATION_PER_HOUR = 20;
export const DEFAULT_FORGOT_PASSWORD_PER_HOUR = 10;

export function optionsFromEnv(env: Env = process.env): EnvOptions {
  return {
    port: positiveInt(env, 'PORT') ?? DEFAULT_PORT,
    host: env.HOST || DEFAULT_HOST,
    publicUrl: env.PUBLIC_URL || undefined,
    icDomain: env.IC_DOMAIN || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.FOYER_DB_SCHEMA || undefined,
    dataDir: env.FOYER_DATA_DIR || undefined,
    frameDist: env.FOYER_FRAME_DIST || undefined,
    loaderDist: env.FOYER_LOADER_DIST || undefined,
    trustProxy: flag(env, 'FOYER_TRUST_PROXY'),
    logger: flag(env, 'FOYER_LOG'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    // DEMO_SITE_URL: the former name, still read (deprecated).
    siteUrl: env.FOYER_SITE_URL || env.DEMO_SITE_URL || undefined,
    // Off unless asked for: the outbox lists every mailed reset key to anyone who can reach it.
    devMailbox: flag(env, 'FOYER_DEV_MAILBOX'),
    // Off unless asked for: the demo account's password is published in the README.
    seedDemo: flag(env, 'FOYER_SEED_DEMO'),
    configFile: env.FOYER_CONFIG_FILE || undefined,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL || undefined,
    recaptchaSecret: env.RECAPTCHA_SECRET || undefined,
    operatorToken: env.FOYER_OPERATOR_TOKEN || undefined,
    metricsToken: env.FOYER_METRICS_TOKEN || undefined,
    orderTtlMinutes: env.FOYER_ORDER_TTL_MINUTES ? Number(env.FOYER_ORDER_TTL_MINUTES) : undefined,
    identifierSearchPerMinute: positiveInt(env, 'FOYER_IDENTIFIER_SEARCH_PER_MINUTE'),
    registrationPerHour: positiveInt(env, 'FOYER_REGISTRATION_PER_HOUR'),
    forgotPasswordPerHour: positiveInt(env, 'FOYER_FORGOT_PASSWORD_PER_HOUR'),
    frameTokenKey: env.FOYER_FRAME_TOKEN_KEY || undefined,
    secretsKey: Boolean(env.FOYER_SECRETS_KEY),
    cardProvider: env.FOYER_CARD_PROVIDER?.trim().toLowerCase() || undefined,
    allowHttpPublicUrl: flag(env, 'FOYER_ALLOW_HTTP_PUBLIC_URL'),
    devClock: flag(env, 'FOYER_DEV_CLOCK'),
    webauthnRpId: env.FOYER_WEBAUTHN_RP_ID || undefined,
    production: env.NODE_ENV === 'production',
  };
}

/**
 * The frame tokens' signing key (security/frame-tokens.ts). Production needs a configured one: a
 * per-start random key would break every open frame at each restart and differ between instances.
 */
export function frameTokenKeyFrom(explicit: string | undefined, env: EnvOptions): Buffer {
  const configured = explicit ?? env.frameTokenKey;
  if (configured === undefined) {
    if (env.production)
      throw new Error('FOYER_FRAME_TOKEN_KEY must be set in production (a random secret of at least 32 bytes)');
    return randomFrameTokenKey();
  }
  if (Buffer.byteLength(configured, 'utf8') < FRAME_TOKEN_KEY_MIN_LENGTH)
    throw new Error(`FOYER_FRAME_TOKEN_KEY must be at least ${FRAME_TOKEN_KEY_MIN_LENGTH} bytes`);
  // Outside production a test or demo key is fine; in production it must look random.
  const weak = env.production ? weakFrameTokenKey(configured) : null;
  if (weak) throw new UnsafeProductionSettings([`FOYER_FRAME_TOKEN_KEY ${weak}`]);
  return Buffer.from(configured, 'utf8');
}
