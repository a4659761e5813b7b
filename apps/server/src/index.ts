/**
 * The reference identity server: `startServer()` opens the database (PGlite, or PostgreSQL when a
 * database URL is given), applies the migrations, seeds the demo data and listens.
 */
import type { FastifyInstance } from 'fastify';
import { recaptchaVerifier, type RecaptchaVerifier } from './adapters/recaptcha';
import { buildApp } from './app';
import { backgroundTasks } from './background';
import { devClock, type DevClock } from './billing/clock';
import { jobQueue, type JobQueue } from './billing/jobs';
import { mailBillingEvents } from './billing/mails';
import { ownerPolicyFromEnv } from './billing/policy';
import { transferAccountFromEnv, type TransferAccount } from './billing/transfer';
import {
  DEFAULT_DATA_DIR,
  dbTimeoutsFrom,
  DEFAULT_FORGOT_PASSWORD_PER_HOUR,
  DEFAULT_FRAME_DIST,
  DEFAULT_IDENTIFIER_SEARCH_PER_MINUTE,
  DEFAULT_LOADER_DIST,
  DEFAULT_MAIL_FROM,
  DEFAULT_REGISTRATION_PER_HOUR,
  DEFAULT_SITE_URL,
  frameTokenKeyFrom,
  loginRateLimitFrom,
  optionsFromEnv,
  timeoutsFrom,
  type ServerTimeouts,
} from './config';
import type { Mailer } from './mail/mailer';
import { outboxMailer } from './mail/outbox';
import { smtpMailer } from './mail/smtp';
import { unsentMailer } from './mail/unsent';
import { migrate, openDb, type Db, type DbTimeouts } from './db';
import { nextMailDue, queuedMailer } from './mail/queue';
import type { AppDeps } from './deps';
import { getDummyHash } from './security/passwords';
import { pruneAttempts, type LoginRateLimit } from './security/rate-limit';
import { pruneSessions } from './security/sessions';
import { pruneEvents } from './security/throttle';
import { pruneSecondFactorTickets } from './security/second-factor/tickets';
import { pruneKeys } from './security/workflow-keys';
import { pruneEmailCodes } from './identity/email-codes';
import { pruneIdentifierChanges } from './identity/identifier-changes';
import { pruneSsoTokens } from './security/sso-tokens';
import { relyingPartyOf } from './security/webauthn-rp';
import { pruneCeremonies } from './identity/passkey-store';
import { prunePaywall } from './paywall/authorize';
import { pruneActivity } from './activity';
import { seedDemoOwner } from './admin/operators/demo';
import { pruneOperatorSessions } from './admin/operators/sessions';
import { hostOriginsOf, seed } from './seed';
import { nextDeliveryDue, pruneDeliveries, runWebhooks } from './webhooks/delivery';
import { productionProblems, UnsafeProductionSettings } from './production-checks';
import { checkSecretsKeys } from './security/secret-box';
import { seedConfig, withoutDemoData, type SeedConfig } from './seed-config';
import { mergeConfigs, readConfigFile } from './site-config/file';
import { ensureSigningKey } from './tokens/keys';
import { DEFAULT_ORDER_TTL_MS, expireUnpaidOrders } from './widget/orders';
import { providersFromEnv } from './widget/providers';
import type { PaymentProviders } from './widget/providers/types';

export type { Db } from './db';
export type { AppDeps } from './deps';
export type { LoginRateLimit } from './security/rate-limit';
export type { SeedConfig, ServiceSettings } from './seed-config';
export type { Mailer, MailMessage } from './mail/mailer';
export type { RecaptchaVerifier } from './adapters/recaptcha';
export { buildApp } from './app';
export { seedConfig } from './seed-config';
export { timeoutsFrom, type ServerTimeouts } from './config';
export { createApiKey, ADMIN_SCOPES } from './admin/keys';
export { UnsafeProductionSettings } from './production-checks';
export { InvalidConfig } from '@foyer/api/config';

export interface ServerOptions {
  /** Port to listen on; 0 picks a free port. Default: env PORT, else 8081. */
  port?: number;
  /** Default: env HOST, else 127.0.0.1. */
  host?: string;
  /** PostgreSQL connection string. Default: env DATABASE_URL, unless `dataDir` is given. */
  databaseUrl?: string;
  /** Schema put on the PostgreSQL search path (tests use one per file). Default: env FOYER_DB_SCHEMA. */
  databaseSchema?: string;
  /** PGlite data folder or `memory`. Default: env FOYER_DATA_DIR, else apps/server/.data. */
  dataDir?: string;
  /** The widgets origin's base URL as browsers see it. Default: http://<host>:<port>. */
  publicUrl?: string;
  /** Identity API base URL written into the frame config. Default: <publicUrl>/ic/api. */
  icDomain?: string;
  /**
   * The passkeys' relying party id: the widgets origin's host or a domain it is under. Default: env
   * FOYER_WEBAUTHN_RP_ID, else the registrable domain of `publicUrl` (security/webauthn-rp.ts).
   */
  webauthnRpId?: string;
  frameDist?: string;
  loaderDist?: string;
  /** The built console (apps/console/dist), served at /admin. */
  consoleDist?: string;
  loginRateLimit?: Partial<LoginRateLimit>;
  /** Epoch-ms clock (tests move time forward). */
  now?: () => number;
  /**
   * Seed configuration, or false to skip seeding. Default: src/seed-config.ts, without its demo
   * account and catalogue unless `seedDemo`.
   */
  seed?: SeedConfig | false;
  /** Seed the demo account and catalogue of src/seed-config.ts. Default: env FOYER_SEED_DEMO, else off. */
  seedDemo?: boolean;
  /**
   * The site owner's configuration file (JSON or YAML), applied instead of src/seed-config.ts's
   * default (laid over the demo data with `seedDemo`); an invalid one makes the start throw
   * InvalidConfig with its path messages. Ignored when `seed` is given. Default: env FOYER_CONFIG_FILE.
   */
  configFile?: string;
  trustProxy?: boolean;
  /** Log requests as JSON to stderr. */
  logger?: boolean;
  /**
   * The site whose widget pages mail links open. Default: env FOYER_SITE_URL (or the deprecated
   * DEMO_SITE_URL), else http://localhost:8080 (production refuses to start without one).
   */
  siteUrl?: string;
  /**
   * With the demo seeding (`seedDemo`) only: the demo service gets the webhook endpoint
   * `<siteUrl>/webhooks/foyer`, all events, signed with this secret (`whsec_…`; scripts/stack.ts
   * makes one per start and gives it to the demo site too).
   */
  demoWebhookSecret?: string;
  /**
   * SMTP server URL; without one (and without `mailer`), mail goes to the outbox when `devMailbox`
   * is on and is not sent otherwise. Default: env SMTP_URL.
   */
  smtpUrl?: string;
  mailFrom?: string;
  /** A mailer of your own (overrides smtpUrl). */
  mailer?: Mailer;
  /** Keep unsent mail in the outbox and serve GET /dev/mailbox(.html). Default: env FOYER_DEV_MAILBOX, else off. */
  devMailbox?: boolean;
  /** reCAPTCHA verify API (tests point it at a stand-in) and the default secret. */
  recaptcha?: { verifyUrl?: string; secret?: string; verifier?: RecaptchaVerifier };
  /** Identifier availability checks per client address and minute (default 30). */
  identifierSearchPerMinute?: number;
  /** Sign-ups (registration and purchase flow) per client address and hour (default 20). */
  registrationPerHour?: number;
  /** Forgot password and resend activation requests per client address and hour (default 10). */
  forgotPasswordPerHour?: number;
  /** Payment providers. Default: from the environment (FOYER_CARD_PROVIDER …). */
  paymentProviders?: PaymentProviders;
  /** Bearer token of GET /metrics; unset: no /metrics. Default: env FOYER_METRICS_TOKEN. */
  metricsToken?: string;
  /** Bearer token of operator calls (confirming bank transfers). Default: env FOYER_OPERATOR_TOKEN. */
  operatorToken?: string;
  /**
   * PostgreSQL's connect, statement and idle-in-transaction timeouts. Default: env
   * FOYER_DB_CONNECT_TIMEOUT_MS (2000), FOYER_DB_STATEMENT_TIMEOUT_MS (3000),
   * FOYER_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (10000).
   */
  dbTimeouts?: Partial<DbTimeouts>;
  /** Default: env FOYER_HEADERS_TIMEOUT_MS, FOYER_REQUEST_TIMEOUT_MS, FOYER_IDLE_TIMEOUT_MS (see config.ts). */
  timeouts?: Partial<ServerTimeouts>;
  /** Signing key of the frame tokens. Default: env FOYER_FRAME_TOKEN_KEY; required in production, else random. */
  frameTokenKey?: string;
  /** Unpaid orders are cancelled after this long. Default: env FOYER_ORDER_TTL_MINUTES, else 24 hours. */
  orderTtlMs?: number;
  /**
   * Refuse unsafe settings (production-checks.ts), seed no devHostOrigins, and so on.
   * Default: env NODE_ENV === 'production'.
   */
  production?: boolean;
  /** Production accepts an http public URL (a private network). Default: env FOYER_ALLOW_HTTP_PUBLIC_URL. */
  allowHttpPublicUrl?: boolean;
  /**
   * The test clock: the app's time is `now()` plus the offset in dev_clock, moved by POST /dev/clock.
   * Default: env FOYER_DEV_CLOCK; refused in production.
   */
  devClock?: boolean;
  /**
   * Poll the job queue and run its schedules (the every-minute sweep, pruning). Default true; false
   * leaves the queue to POST /dev/clock and `jobs.drain()` (tests that want only those).
   */
  jobWorkers?: boolean;
  /** The owner's account for bank transfers and cash. Default: env FOYER_TRANSFER_* (billing/transfer.ts). */
  transfer?: TransferAccount;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
  db: Db;
}

export interface PreparedServer {
  app: FastifyInstance;
  db: Db;
  deps: AppDeps;
  /** The job queue (renewals, retries, expiries, reconciliation, mail, pruning). */
  jobs: JobQueue;
  /** Sets the public URL once the port is known (startServer does this after listen). */
  setPublicUrl(url: string): void;
  close(): Promise<void>;
}

/** The demo service with the demo site's webhook endpoint (see ServerOptions.demoWebhookSecret). */
function withDemoWebhook(config: SeedConfig | false, secret: string | undefined, siteUrl: string): SeedConfig | false {
  if (!config || !secret) return config;
  const endpoint = { url: `${siteUrl}/webhooks/foyer`, events: '*' as const, secret };
  return {
    ...config,
    services: config.services.map((service) =>
      service.name === 'demo' ? { ...service, webhooks: [...(service.webhooks ?? []), endpoint] } : service,
    ),
  };
}

/** The services a production start will hold: the seeded ones (without devHostOrigins) and the rest already stored. */
async function servicesAfterSeeding(
  db: Db,
  config: SeedConfig | false,
): Promise<{ name: string; allowedHostOrigins: string[]; stored?: boolean }[]> {
  const seeded = config
    ? config.services.map((service) => ({ name: service.name, allowedHostOrigins: hostOriginsOf(service, true) }))
    : [];
  const names = new Set(seeded.map((service) => service.name));
  const stored = await db.query<{ name: string; allowed_host_origins: unknown }>(
    'SELECT name, allowed_host_origins FROM services ORDER BY name',
  );
  const kept = stored
    .filter((row) => !names.has(row.name))
    .map((row) => ({
      name: row.name,
      stored: true,
      allowedHostOrigins: (typeof row.allowed_host_origins === 'string'
        ? JSON.parse(row.allowed_host_origins)
        : row.allowed_host_origins) as string[],
    }));
  return [...seeded, ...kept];
}

function baseUrl(host: string, port: number): string {
  // A wildcard bind address is not something a browser can open.
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** Database ready, app built, not listening: for tests that use `app.inject`. */
export async function createServer(options: ServerOptions = {}): Promise<PreparedServer> {
  const fromEnv = optionsFromEnv();
  const env = { ...fromEnv, production: options.production ?? fromEnv.production ?? false };
  const host = options.host ?? env.host;
  const port = options.port ?? env.port;
  let publicUrl = (options.publicUrl ?? env.publicUrl ?? baseUrl(host, port)).replace(/\/$/, '');
  const webauthnRpId = options.webauthnRpId ?? env.webauthnRpId;
  // Checked before anything starts: an rpID the widgets origin is not under breaks every passkey.
  relyingPartyOf(publicUrl, webauthnRpId);
  const db = await openDb({
    // An explicit data folder means the embedded database, whatever DATABASE_URL says.
    databaseUrl: options.databaseUrl ?? (options.dataDir ? undefined : env.databaseUrl),
    databaseSchema: options.databaseSchema ?? env.databaseSchema,
    dataDir: options.dataDir ?? env.dataDir ?? DEFAULT_DATA_DIR,
    timeouts: dbTimeoutsFrom(options.dbTimeouts),
  });
  const wallClock = options.now ?? Date.now;
  let now = wallClock;
  const icDomain = options.icDomain ?? env.icDomain;
  let jobs: JobQueue | undefined;
  try {
    await migrate(db);
    const devClockOn = options.devClock ?? env.devClock ?? false;
    let clock: DevClock | undefined;
    if (devClockOn) {
      // Every instance on this database reads the same offset (billing/clock.ts).
      clock = await devClock(db, wallClock);
      now = clock.now;
    }
    const seedDemo = options.seedDemo ?? env.seedDemo ?? false;
    const siteUrl = (options.siteUrl ?? env.siteUrl ?? DEFAULT_SITE_URL).replace(/\/$/, '');
    const configFile = options.seed === undefined ? (options.configFile ?? env.configFile) : undefined;
    // Read before anything is written: an invalid file stops the start here, with its path messages.
    const fromFile = configFile ? await readConfigFile(configFile) : undefined;
    const config = withDemoWebhook(
      options.seed ??
        (fromFile
          ? seedDemo
            ? mergeConfigs(seedConfig, fromFile)
            : fromFile
          : seedDemo
            ? seedConfig
            : withoutDemoData(seedConfig)),
      seedDemo ? options.demoWebhookSecret : undefined,
      siteUrl,
    );
    const devMailbox = options.devMailbox ?? env.devMailbox ?? false;
    // A malformed FOYER_SECRETS_KEY(_PREVIOUS) stops the start here rather than at the first secret.
    checkSecretsKeys();
    // Before seeding: a refused production start writes no demo account.
    if (env.production) {
      const problems = productionProblems({
        devMailbox,
        seedDemo,
        manualCard: options.paymentProviders
          ? options.paymentProviders.card?.name === 'MANUAL'
          : env.cardProvider === 'manual',
        frameTokenKey: options.frameTokenKey ?? env.frameTokenKey,
        secretsKey: env.secretsKey ?? false,
        publicUrl,
        allowHttpPublicUrl: options.allowHttpPublicUrl ?? env.allowHttpPublicUrl ?? false,
        devClock: devClockOn,
        siteUrl: options.siteUrl ?? env.siteUrl,
        services: await servicesAfterSeeding(db, config),
      });
      if (problems.length) throw new UnsafeProductionSettings(problems);
    }
    if (config) await seed(db, config, now(), { production: env.production });
    // The console's demo owner comes with the demo data (never in production: refused above).
    if (seedDemo && !env.production) await seedDemoOwner(db, now());
    // The visitor tokens' first key, so /.well-known/jwks.json lists it before any token is asked for.
    await ensureSigningKey(db, now());
    // Computed now so the first unknown-identifier login is not slower than a wrong password.
    await getDummyHash();
    const smtpUrl = options.smtpUrl ?? env.smtpUrl;
    const mailFrom = options.mailFrom ?? env.mailFrom ?? DEFAULT_MAIL_FROM;
    const transport =
      options.mailer ?? (smtpUrl ? smtpMailer(smtpUrl, mailFrom) : devMailbox ? outboxMailer(db, now) : unsentMailer());
    // Mail leaving the database (SMTP) goes through the durable queue (mail/queue.ts).
    const queued = transport.kind === 'smtp' ? queuedMailer({ db, now: () => now(), transport }) : undefined;
    const mailer = queued ?? transport;
    const verifyUrl = options.recaptcha?.verifyUrl ?? env.recaptchaVerifyUrl;
    const deps: AppDeps = {
      db,
      now,
      production: env.production,
      loginRateLimit: loginRateLimitFrom(options.loginRateLimit),
      publicUrl: () => publicUrl,
      icDomain: () => icDomain ?? `${publicUrl}/ic/api`,
      relyingParty: () => relyingPartyOf(publicUrl, webauthnRpId),
      frameDist: options.frameDist ?? env.frameDist ?? DEFAULT_FRAME_DIST,
      loaderDist: options.loaderDist ?? env.loaderDist ?? DEFAULT_LOADER_DIST,
      consoleDist: options.consoleDist,
      trustProxy: options.trustProxy ?? env.trustProxy ?? false,
      logger: options.logger ?? env.logger ?? false,
      mailer,
      background: backgroundTasks(),
      siteUrl,
      devMailbox,
      recaptcha: options.recaptcha?.verifier ?? recaptchaVerifier(verifyUrl ? { verifyUrl } : {}),
      recaptchaSecret: options.recaptcha?.secret ?? env.recaptchaSecret,
      identifierSearchPerMinute:
        options.identifierSearchPerMinute ?? env.identifierSearchPerMinute ?? DEFAULT_IDENTIFIER_SEARCH_PER_MINUTE,
      registrationPerHour: options.registrationPerHour ?? env.registrationPerHour ?? DEFAULT_REGISTRATION_PER_HOUR,
      forgotPasswordPerHour:
        options.forgotPasswordPerHour ?? env.forgotPasswordPerHour ?? DEFAULT_FORGOT_PASSWORD_PER_HOUR,
      // One set for the routes and the job queue (an adapter may keep state, e.g. the test cards').
      paymentProviders: options.paymentProviders ?? providersFromEnv(process.env, { now: () => now() }),
      timeouts: timeoutsFrom(options.timeouts),
      operatorToken: options.operatorToken ?? env.operatorToken,
      metricsToken: options.metricsToken ?? env.metricsToken,
      frameTokenKey: frameTokenKeyFrom(options.frameTokenKey, env),
      devClock: clock,
      transfer: options.transfer ?? transferAccountFromEnv(),
      ownerPolicy: ownerPolicyFromEnv(),
    };
    if (
      env.production &&
      !deps.transfer &&
      deps.paymentProviders?.paymentTypes.some((type) => type !== 'CARD' && type !== 'DIRECT_DEBIT')
    )
      console.warn(
        'FOYER_TRANSFER_BENEFICIARY and FOYER_TRANSFER_ACCOUNT are not set: bank transfer and cash orders get no payment instructions',
      );
    const app = await buildApp(deps);
    const orderTtlMs =
      options.orderTtlMs ?? (env.orderTtlMinutes ? env.orderTtlMinutes * 60_000 : DEFAULT_ORDER_TTL_MS);
    if (!Number.isFinite(orderTtlMs) || orderTtlMs <= 0)
      throw new Error('FOYER_ORDER_TTL_MINUTES: expected minutes > 0');
    const prune = () =>
      Promise.all([
        expireUnpaidOrders(db, now(), orderTtlMs),
        pruneSessions(db, now()),
        pruneAttempts(db, deps.loginRateLimit, now()),
        pruneKeys(db, now()),
        pruneEmailCodes(db, now()),
        pruneEvents(db, now()),
        pruneSecondFactorTickets(db, now()),
        pruneIdentifierChanges(db, now()),
        pruneSsoTokens(db, now()),
        prunePaywall(db, now()),
        pruneActivity(db, now()),
        pruneOperatorSessions(db, now()),
        pruneDeliveries(db, now()),
        pruneCeremonies(db, now()),
      ]).catch((error: unknown) => app.log.error({ err: error }, 'pruning expired rows failed'));
    await prune();
    const schema = options.databaseSchema ?? env.databaseSchema;
    jobs = jobQueue({
      db,
      // Its own schema beside the server's (one per test schema on a shared PostgreSQL).
      schema: schema ? `${schema}_jobs` : 'foyer_jobs',
      billing: { db, now: deps.now, providers: deps.paymentProviders!, transfer: deps.transfer },
      refreshClock: clock?.refresh,
      prune: async () => void (await prune()),
      mail: () => mailBillingEvents(deps),
      webhooks: { run: () => runWebhooks(deps), nextDue: () => nextDeliveryDue(db) },
      mailQueue: queued && { run: () => queued.deliverDue(), nextDue: () => nextMailDue(db) },
      log: app.log,
      workers: options.jobWorkers ?? true,
    });
    deps.jobs = jobs;
    await jobs.start();
    const queue = jobs;
    let closed: Promise<void> | null = null;
    return {
      app,
      db,
      deps,
      jobs: queue,
      setPublicUrl: (url) => {
        publicUrl = url.replace(/\/$/, '');
      },
      close: () => {
        closed ??= (async () => {
          // Running requests (a test-clock drain among them) finish, then running jobs, while
          // the database is still open.
          await app.close();
          await queue.stop();
          // Mail still being sent needs the database.
          await deps.background.idle();
          await mailer.close();
          await db.close();
        })();
        return closed;
      },
    };
  } catch (error) {
    await jobs?.stop().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const env = optionsFromEnv();
  const host = options.host ?? env.host;
  const server = await createServer(options);
  try {
    await server.app.listen({ port: options.port ?? env.port, host });
  } catch (error) {
    await server.close();
    throw error;
  }
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? env.port);
  if (!options.publicUrl && !env.publicUrl) server.setPublicUrl(baseUrl(host, port));
  return { url: server.deps.publicUrl(), close: server.close, db: server.db };
}
