/**
 * The widgets origin's static side: /loader.js (and its lazily loaded chunks), the frame app's
 * hashed /assets, and /w/<widget> pages, which are the frame's index.html with the frame config
 * injected and a CSP whose frame-ancestors lists the service's allowed host origins.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FRAME_CONFIG_PLACEHOLDER, frameConfigScript, type FrameConfig } from '@foyer/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendBuiltFile, sendCompressedPage } from './built-files';
import type { AppDeps } from './deps';
import { findDefaultService, findService, type Service } from './identity/store';
import { mintFrameToken } from './security/frame-tokens';
import { manifestReader, routeFiles, withRoutePreloads } from './frame-preload';

const NOT_BUILT = (what: string) =>
  `The ${what} is not built yet: run npm run build (in the repository root), then reload.`;

/** Loader files are served from the site root: loader.js, loader.mjs, chunk files and maps. */
const LOADER_FILE = /^[A-Za-z0-9_.-]+\.(?:js|mjs|map)$/;
/** The frame app's assets: flat hashed names (no leading dot, so no `..`). */
const ASSET_FILE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
/** The build's compressed copies are sent by negotiation (built-files.ts), never by name. */
const COPY_NAME = /\.(?:br|gz)$/;
/** Content types of what the builds put out. */
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  woff2: 'font/woff2',
  woff: 'font/woff',
  png: 'image/png',
  webp: 'image/webp',
};
const typeOf = (file: string) => TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/**
 * The frame app's scripts and stylesheets without a charset parameter: its scripts are modules,
 * which a browser always decodes as UTF-8 whatever the header says (HTML, "fetch a single module
 * script"), and a stylesheet without one takes its document's encoding (CSS Syntax §3.2), and the
 * frame page says UTF-8. The loader's files keep theirs: a classic script on a host page would
 * otherwise be decoded in the host page's encoding.
 */
const ASSET_TYPES: Record<string, string> = { ...TYPES, js: 'text/javascript', css: 'text/css' };
const assetTypeOf = (file: string) => ASSET_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? typeOf(file);

/*
 * What the loader's files and the frame's assets carry, and what they do not. A route fetches
 * 15–25 of them over HTTP/1.1, so each header line is paid 15–25 times (issue 29): they carry
 * what a subresource uses — its type, nosniff, caching, the encoding's Vary, ETag and
 * Content-Encoding — and not the document-only headers the frame pages send (Content-Security-
 * Policy with frame-ancestors, Referrer-Policy): a browser applies those to the document (and to
 * a worker's script, which the frame app has none of), never to a script or stylesheet it loads.
 * Cache-Control has no `public`: it only lets a shared cache store an answer to a request with
 * Authorization, which these never carry.
 */

/** /w/<widget> and /w/v1/<widget>. */
const WIDGET_PATH = /^\/w\/(?:v1\/)?[a-z0-9-]+\/?$/;

function notBuilt(reply: FastifyReply, what: string): FastifyReply {
  return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT(what));
}

/** Seconds before the unavailable page reloads itself. */
const RETRY_AFTER_S = 5;

/**
 * What a frame shows while the database cannot be reached: a page (not a JSON error the visitor
 * would see as raw text in the widget's place) that reloads itself and offers a Retry link.
 */
function unavailable(reply: FastifyReply): FastifyReply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="refresh" content="${RETRY_AFTER_S}"><title>Temporarily unavailable</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1.5rem;color:#222}a{color:#0b57d0}</style></head>
<body><main role="alert"><h1 style="font-size:1.1rem">This service is temporarily unavailable</h1>
<p>We could not load this form. It will try again in a few seconds.</p>
<p><a href="">Retry now</a></p></main></body></html>`;
  return reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_S))
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Google reCAPTCHA's script and challenge frame hosts (allowed only for services with a site key). */
const RECAPTCHA_SCRIPT_HOSTS = 'https://www.google.com https://www.gstatic.com';
const RECAPTCHA_FRAME_HOSTS = 'https://www.google.com https://recaptcha.google.com';

/**
 * The card providers' hosts (their CSP guides): Stripe.js and its Elements / 3-D Secure frames
 * (https://docs.stripe.com/security/guide#content-security-policy), and Mercado Pago's SDK v2,
 * its API (card tokens, BIN lookup, document types) and its frames. Allowed only on the routes
 * that show a card form, so no other widget may load or talk to them.
 */
const PROVIDER_HOSTS = {
  script: 'https://js.stripe.com https://*.js.stripe.com https://sdk.mercadopago.com https://http2.mlstatic.com',
  frame:
    'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://sdk.mercadopago.com https://api.mercadopago.com https://api-static.mercadopago.com',
  connect:
    'https://api.stripe.com https://api.mercadopago.com https://api.mercadolibre.com https://events.mercadopago.com',
  img: 'https://*.stripe.com https://http2.mlstatic.com',
};

/**
 * The social networks' picture hosts (Graph `/picture` and its CDN, Google's, X's and LinkedIn's
 * image hosts), allowed only where linked profiles show their pictures.
 */
const SOCIAL_AVATAR_HOSTS =
  'https://graph.facebook.com https://*.fbcdn.net https://*.googleusercontent.com https://pbs.twimg.com https://media.licdn.com';

/** Frame routes that show linked profiles' pictures (GET /social/:network/userAvatar/:id). */
export const SOCIAL_AVATAR_ROUTES: ReadonlySet<string> = new Set(['unlink-accounts']);

/** Frame routes that load a card provider's script: `payment` shows whichever form the order needs. */
export const CARD_PAYMENT_ROUTES: ReadonlySet<string> = new Set(['payment', 'stripe-payment', 'mercado-payment']);

/** An SSO domain's origin (`a.example` means https), or null when it is not one. */
function originOf(domain: string): string | null {
  try {
    return new URL(/^https?:\/\//.test(domain) ? domain : `https://${domain}`).origin;
  } catch {
    return null;
  }
}

export function frameCsp(config: {
  allowedHostOrigins: readonly string[];
  icDomain: string;
  recaptcha?: boolean;
  /** The route shows a card provider's form (CARD_PAYMENT_ROUTES). */
  cardPayment?: boolean;
  /** The route shows linked profiles' pictures (SOCIAL_AVATAR_ROUTES). */
  socialAvatars?: boolean;
  /** The service's participating SSO domains, whose seamless sign-in images the frame loads. */
  ssoDomains?: readonly string[];
}): string {
  let icOrigin = '';
  try {
    icOrigin = new URL(config.icDomain).origin;
  } catch {
    // A relative or broken icDomain: 'self' alone.
  }
  // Seamless sign-in: the images on the identity origin and on each participating domain.
  const seamless = [icOrigin, ...(config.ssoDomains ?? []).map(originOf)].filter(
    (origin, index, all): origin is string => !!origin && all.indexOf(origin) === index,
  );
  const ancestors = config.allowedHostOrigins.length ? config.allowedHostOrigins.join(' ') : "'none'";
  const card = !!config.cardPayment;
  const scripts = [...(config.recaptcha ? [RECAPTCHA_SCRIPT_HOSTS] : []), ...(card ? [PROVIDER_HOSTS.script] : [])];
  const frames = [...(config.recaptcha ? [RECAPTCHA_FRAME_HOSTS] : []), ...(card ? [PROVIDER_HOSTS.frame] : [])];
  return [
    "default-src 'self'",
    `script-src 'self'${scripts.map((hosts) => ` ${hosts}`).join('')}`,
    ...(frames.length ? [`frame-src ${frames.join(' ')}`] : []),
    // Inline styles: React sets style attributes (e.g. sizes) and card providers inject styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${seamless.map((origin) => ` ${origin}`).join('')}${card ? ` ${PROVIDER_HOSTS.img}` : ''}${config.socialAvatars ? ` ${SOCIAL_AVATAR_HOSTS}` : ''}`,
    `connect-src 'self'${icOrigin ? ` ${icOrigin}` : ''}${card ? ` ${PROVIDER_HOSTS.connect}` : ''}`,
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function injectFrameConfig(html: string, config: FrameConfig): string {
  const script = frameConfigScript(config);
  // A function replacement, so `$` in the JSON is never read as a replacement pattern.
  return html.includes(FRAME_CONFIG_PLACEHOLDER)
    ? html.replace(FRAME_CONFIG_PLACEHOLDER, () => script)
    : html.replace('</head>', () => `${script}</head>`);
}

export async function staticRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const indexHtml = join(deps.frameDist, 'index.html');
  const manifestOf = manifestReader(deps.frameDist);

  app.get<{ Params: { file: string } }>('/:file', async (request, reply) => {
    const { file } = request.params;
    if (!LOADER_FILE.test(file)) return reply.callNotFound();
    if (!existsSync(join(deps.loaderDist, 'loader.js'))) return notBuilt(reply, 'loader');
    reply
      .header('access-control-allow-origin', '*')
      // Short: site owners' pages pick up a new loader within minutes.
      .header('cache-control', 'max-age=300')
      .header('x-content-type-options', 'nosniff')
      .type(typeOf(file));
    return (await sendBuiltFile(request, reply, join(deps.loaderDist, file))) ?? reply.callNotFound();
  });

  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) => {
    const file = request.params['*'];
    if (!existsSync(indexHtml)) return notBuilt(reply, 'frame app');
    if (!ASSET_FILE.test(file) || COPY_NAME.test(file)) return reply.callNotFound();
    reply
      // Vite puts a content hash in every asset name: a name never changes its content.
      .header('cache-control', 'max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(assetTypeOf(file));
    return (await sendBuiltFile(request, reply, join(deps.frameDist, 'assets', file))) ?? reply.callNotFound();
  });

  app.get<{ Querystring: { serviceName?: string } }>('/w/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!WIDGET_PATH.test(path)) return reply.callNotFound();
    if (!existsSync(indexHtml)) return notBuilt(reply, 'frame app');
    const requested = typeof request.query.serviceName === 'string' ? request.query.serviceName : '';
    // An unknown service falls back to the default one: the page may still be embedded where the
    // default service allows, and the frame itself reports SERVICE_NOT_FOUND for the name it was given.
    let service: Service | null;
    try {
      service = requested ? await findService(deps.db, requested) : null;
      service ??= await findDefaultService(deps.db);
    } catch (error) {
      request.log.error({ err: error }, 'frame page: the database is unavailable');
      return unavailable(reply);
    }
    const serviceName = service?.name ?? 'default';
    const config: FrameConfig = {
      defaultServiceName: serviceName,
      // The frame may call only the service whose allowed origins chose frame-ancestors below.
      serviceToken: mintFrameToken(deps.frameTokenKey, serviceName, deps.now()),
      allowedHostOrigins: service?.allowedHostOrigins ?? [],
      icDomain: deps.icDomain(),
      ...(service?.authenticationSchemeName ? { authenticationSchemeName: service.authenticationSchemeName } : {}),
    };
    const page = await readFile(indexHtml, 'utf8');
    const manifest = await manifestOf(page);
    const route = path.replace(/^\/w\//, '').replace(/\/$/, '');
    const html = withRoutePreloads(injectFrameConfig(page, config), manifest ? routeFiles(manifest, route) : []);
    reply
      .header(
        'content-security-policy',
        frameCsp({
          ...config,
          recaptcha: !!service?.recaptchaSiteKey,
          cardPayment: CARD_PAYMENT_ROUTES.has(route),
          socialAvatars: SOCIAL_AVATAR_ROUTES.has(route),
          ssoDomains: service?.settings.ssoDomains ?? [],
        }),
      )
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      // The config depends on the service and may change when the site owner edits it.
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    return sendCompressedPage(request, reply, html);
  });
}
