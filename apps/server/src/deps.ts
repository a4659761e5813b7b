import type { RecaptchaVerifier } from './adapters/recaptcha';
import type { BackgroundTasks } from './background';
import type { DevClock } from './billing/clock';
import type { JobQueue } from './billing/jobs';
import type { OwnerPolicy } from './billing/policy';
import type { TransferAccount } from './billing/transfer';
import type { WebhookProvider } from './billing/webhooks';
import type { ServerTimeouts } from './config';
import type { Db } from './db';
import type { Mailer } from './mail/mailer';
import type { PaymentProviders, WebhookReader } from './widget/providers/types';
import type { LoginRateLimit } from './security/rate-limit';
import type { RelyingParty } from './security/webauthn-rp';

/** Everything the routes need, injected by buildApp's caller (tests swap the clock). */
export interface AppDeps {
  db: Db;
  /** Epoch milliseconds; injectable so tests can move time forward. */
  now: () => number;
  loginRateLimit: LoginRateLimit;
  /** The widgets origin's base URL (known only once the server listens, hence a function). */
  publicUrl: () => string;
  /** The identity API base URL written into the frame config; default `<publicUrl>/ic/api`. */
  icDomain: () => string;
  /** The passkeys' relying party: the widgets origin and its rpID (security/webauthn-rp.ts). */
  relyingParty: () => RelyingParty;
  /** apps/frame/dist and apps/loader/dist. */
  frameDist: string;
  loaderDist: string;
  /** apps/console/dist (admin/console-static.ts); default: beside this server in the repository. */
  consoleDist?: string | undefined;
  /** Trust X-Forwarded-For for the client address (only behind a proxy you run). */
  trustProxy: boolean;
  logger: boolean;
  mailer: Mailer;
  /** Mail sent after the answer (forgot password, resend activation). */
  background: BackgroundTasks;
  /** The demo site whose widget pages the links in mail open (`/activate`, `/reset-password`). */
  /** NODE_ENV=production (or the option): configuration written through the admin API is applied as in production. */
  production?: boolean | undefined;
  siteUrl: string;
  /** GET /dev/mailbox and /dev/mailbox.html are served. */
  devMailbox: boolean;
  recaptcha: RecaptchaVerifier;
  /** Secret for services that name a site key but no secret of their own. */
  recaptchaSecret: string | undefined;
  /** Identifier availability checks allowed per client address and minute. */
  identifierSearchPerMinute: number;
  /** Sign-ups (registration and the purchase flow's) allowed per client address and hour. */
  registrationPerHour: number;
  /** Forgot password and resend activation requests allowed per client address and hour. */
  forgotPasswordPerHour: number;
  /** Payment providers; default: from the environment (widget/providers/index.ts). */
  paymentProviders?: PaymentProviders | undefined;
  /** Header, request and idle-connection timeouts of the HTTP server. */
  timeouts: ServerTimeouts;
  /** Signs and checks the frame tokens that bind API calls to a frame's service (security/frame-tokens.ts). */
  frameTokenKey: Buffer;
  /** Bearer token of GET /metrics (FOYER_METRICS_TOKEN); unset: /metrics does not exist. */
  metricsToken?: string | undefined;
  /** Bearer token of operator calls (confirming bank transfers); unset: those calls do not exist. */
  operatorToken?: string | undefined;
  /** The test clock (FOYER_DEV_CLOCK=true): `now` reads it; GET/POST /dev/clock exist. */
  devClock?: DevClock | undefined;
  /** The job queue (billing/jobs.ts), once started: POST /dev/clock drains it. */
  jobs?: JobQueue | undefined;
  /** The owner's bank account for transfer and cash orders (FOYER_TRANSFER_*). */
  transfer?: TransferAccount | undefined;
  /** What refunds and disputes do (FOYER_ON_REFUND, FOYER_ON_DISPUTE); default: expire, suspend. */
  ownerPolicy?: OwnerPolicy | undefined;
  /** Webhook readers by provider, instead of the adapters' own (tests). */
  webhookReaders?: Partial<Record<WebhookProvider, WebhookReader>> | undefined;
}
