import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { constants as zlibConstants } from 'node:zlib';
import {
  APP_NAME_HEADER,
  FRAME_TOKEN_HEADER,
  authorizePaywall,
  foyerError,
  identityEndpoints,
  SOCIAL_AUTHORIZE_PATH,
  SOCIAL_CALLBACK_PATH,
  SSO_DOMAINS_HEADER,
  SSO_TOKENS_HEADER,
  widgetEndpoints,
} from '@foyer/api';

import Fastify, { type FastifyInstance } from 'fastify';
import { grantRoutes } from './account/identity-routes';
import { billingRoutes, CONFIRM_RENEWAL_PATH } from './billing/routes';
import type { AppDeps } from './deps';
import { refuseBadStrings } from './http/bad-bytes';
import { errorHandler, sendError } from './http/errors';
import { adminRoutes } from './admin/routes';
import { bindCallsToFrames } from './http/frame-binding';
import { healthRoutes } from './http/health';
import { announceKeepAlive } from './http/keep-alive';
import { requestSerializer, RouteTable } from './http/log-redaction';
import { observe } from './metrics';
import { mailboxRoutes } from './routes/mailbox';
import { passwordRoutes } from './routes/passwords';
import { paywallRoutes } from './routes/paywall';
import { hostedPaymentRoutes } from './product-manager/hosted-payment';
import { providersFromEnv } from './widget/providers';
import { productManagerRoutes } from './product-manager/routes';
import { profileUpdateRoutes } from './routes/profileUpdate';
import { recaptchaRoutes } from './routes/recaptcha';
import { registrationRoutes } from './routes/registration';
import { emailCodeRoutes } from './routes/email-code';
import { serviceRoutes } from './routes/service';
import { ssoRoutes } from './routes/sso';
import { secondFactorRoutes } from './routes/second-factor';
import { sessionRoutes } from './routes/session';
import { socialRoutes } from './routes/social';
import { passkeyRoutes } from './routes/passkeys';
import { templateRoutes } from './routes/templates';
import { userProfileRoutes } from './routes/userProfile';
import { staticRoutes } from './static';
import { consoleStaticRoutes } from './admin/console-static';
import { jwksRoute, visitorTokenRoutes } from './tokens/routes';
import { widgetRoutes } from './widget';

export const IDENTITY_PREFIX = '/ic/api';
/** One year, the usual max-age (RFC 6797; OWASP HTTP Headers Cheat Sheet). */
export const HSTS = 'max-age=31536000';
/** The widget service (purchase spec §7), the default pmDomain. */
export const WIDGET_PREFIX = '/pm/api';

/** CORS and caching rules shared by the identity API and the widget service. */
async function apiScope(api: FastifyInstance, deps: AppDeps): Promise<void> {
  await api.register(cors, {
    // Only the widgets origin (where the frames run) may call the API from a browser. The
    // origin is read per request because with port 0 it is known only after listen().
    origin: (origin, callback) => callback(null, origin === new URL(deps.publicUrl()).origin),
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: [
      'authorization',
      'content-type',
      'accept',
      'idempotency-key',
      APP_NAME_HEADER.toLowerCase(),
      FRAME_TOKEN_HEADER.toLowerCase(),
    ],
    // The frame reads the SSO domains after login and logout, and the wait after a 429.
    exposedHeaders: [SSO_DOMAINS_HEADER, SSO_TOKENS_HEADER, 'retry-after'],
    maxAge: 600,
  });
  // The API's JSON answers above 1 KB (a purchases list, a template, the product catalogue) go out
  // compressed, in one buffer with its Content-Length. Only in this scope: the loader, the frame
  // assets and pages negotiate their own encoding (built-files.ts) and must not be compressed twice.
  await api.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Brotli at quality 4 (the plugin's default) costs about what gzip -6 does, for smaller answers.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies stay uncompressed JSON, as before: inflating them would let a small body
    // grow past what the body limit means to bound.
    requestEncodings: ['identity'],
  });
  // Answers vary with the Origin header even when it is refused: caches must not mix them.
  api.addHook('onSend', async (_request, reply, payload) => {
    const vary = reply.getHeader('vary');
    const values = String(vary ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
    if (!values.some((value) => value.toLowerCase() === 'origin'))
      reply.header('vary', [...values, 'Origin'].join(', '));
    reply.header('cache-control', reply.getHeader('cache-control') ?? 'no-store');
    return payload;
  });
}

const routeTables = new WeakMap<FastifyInstance, RouteTable>();

/** The routes an app built by buildApp registered (method and URL pattern, prefixes included). */
export function routesOf(app: FastifyInstance): readonly { method: string; url: string }[] {
  return routeTables.get(app)?.list() ?? [];
}

/** The fastify application over injected dependencies; it does not listen (see startServer). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const routes = new RouteTable();
  // One set of payment providers for the routes (version 2's and version 1's hosted page) and the job queue
  // (index.ts passes the same).
  const providers = deps.paymentProviders ?? providersFromEnv(process.env, { now: deps.now });
  const app = Fastify({
    // Errors are always logged, one JSON line each; request logs (level info) only with FOYER_LOG. On stderr:
    // the e2e stack reads JSON lines from stdout and must see only its own. URLs carry session
    // ids, keys and e-mail addresses: the request serializer redacts them, every route parameter
    // by its name (log-redaction.ts).
    logger: {
      level: deps.logger ? 'info' : 'error',
      stream: process.stderr,
      serializers: { req: requestSerializer(routes) },
    },
    trustProxy: deps.trustProxy,
    bodyLimit: 64 * 1024,
    // A client that stalls (unfinished headers or body, or a silent connection) is cut off.
    connectionTimeout: deps.timeouts.idleMs,
    // An idle kept-alive connection is closed after the same idle timeout (fastify's default would
    // be 72 s), chosen: longer than a load balancer's in front (config.ts), and announced shorter
    // (http/keep-alive.ts) so that clients stop reusing the connection well before the server
    // closes it instead of racing its close (ECONNRESET).
    keepAliveTimeout: deps.timeouts.idleMs,
    requestTimeout: deps.timeouts.requestMs,
    // Node (18 and later) counts the headers and request timeouts from a request's first byte, not
    // across the idle time of a kept-alive connection: they need no relation to the idle timeout,
    // only headers <= request (config.ts). (Older Node counted them across it, hence the old advice
    // to keep headersTimeout above keepAliveTimeout behind a load balancer.)
    http: {
      headersTimeout: deps.timeouts.headersMs,
      requestTimeout: deps.timeouts.requestMs,
      // Node checks the two above only this often (30 s by default).
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, deps.timeouts.headersMs / 2)),
    },
  });
  announceKeepAlive(app, deps.timeouts.idleMs);
  routes.watch(app);
  routeTables.set(app, routes);
  // Browsers reach the widgets origin over https (TLS often ends at a proxy, so the public URL
  // says so, not the socket): every answer tells them to stay on https (RFC 6797). Not
  // includeSubDomains: other hosts of the domain are not ours to decide for.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (deps.publicUrl().startsWith('https:')) reply.header('strict-transport-security', HSTS);
    return payload;
  });
  app.setErrorHandler(errorHandler);
  observe(app, deps);
  refuseBadStrings(app, [IDENTITY_PREFIX, WIDGET_PREFIX]);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${IDENTITY_PREFIX}/`) || request.url.startsWith(`${WIDGET_PREFIX}/`)) {
      return sendError(reply, foyerError('NOT_FOUND'));
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  await app.register(
    async (api) => {
      await apiScope(api, deps);
      // The seamless sign-in images are requested by other domains' pages, not by a frame's fetch.
      bindCallsToFrames(
        api,
        deps,
        new Set(
          // Not frame calls: the seamless sign-in images, and the social sign-in popup's own pages
          // (a navigation to the provider and back; its `state` binds it to the attempt).
          [
            identityEndpoints.ssoLogin.path,
            identityEndpoints.ssoLogout.path,
            SOCIAL_AUTHORIZE_PATH,
            SOCIAL_CALLBACK_PATH,
          ].map((path) => IDENTITY_PREFIX + path),
        ),
        // The server-side paywall check of a site's backend (http/server-calls.ts).
        new Set([IDENTITY_PREFIX + authorizePaywall.path]),
      );
      sessionRoutes(api, deps);
      secondFactorRoutes(api, deps);
      userProfileRoutes(api, deps);
      templateRoutes(api, deps);
      serviceRoutes(api, deps);
      registrationRoutes(api, deps);
      emailCodeRoutes(api, deps);
      passwordRoutes(api, deps);
      profileUpdateRoutes(api, deps);
      recaptchaRoutes(api, deps);
      ssoRoutes(api, deps);
      grantRoutes(api, deps);
      socialRoutes(api, deps);
      passkeyRoutes(api, deps);
      paywallRoutes(api, deps);
      visitorTokenRoutes(api, deps);
    },
    { prefix: IDENTITY_PREFIX },
  );
  await app.register(
    async (api) => {
      await apiScope(api, deps);
      // Operator calls (confirming a bank transfer) carry the operator's token, not a frame's.
      bindCallsToFrames(
        api,
        deps,
        new Set([WIDGET_PREFIX + widgetEndpoints.confirmManualPayment.path, WIDGET_PREFIX + CONFIRM_RENEWAL_PATH]),
      );
      widgetRoutes(api, deps, { identityPrefix: IDENTITY_PREFIX, providers });
      // Version 1 (issue 16): its hosted payment page charges through the same providers.
      productManagerRoutes(api, deps, { providers });
    },
    { prefix: WIDGET_PREFIX },
  );

  healthRoutes(app, deps.db);

  // The site owner's configuration at run time, for API keys only (admin/routes.ts).
  await adminRoutes(app, deps);
  await consoleStaticRoutes(app, deps);
  // Site servers fetch the visitor tokens' public keys here (tokens/routes.ts).
  jwksRoute(app, deps);
  if (deps.devMailbox) mailboxRoutes(app, deps);
  // Provider webhooks, the test clock and the test cards' challenge: not frame calls.
  await billingRoutes(app, deps, providers);
  // The version 1 hosted payment page and its return URL.
  await app.register(hostedPaymentRoutes(deps, providers));
  await staticRoutes(app, deps);
  return app;
}
