/**
 * The site owner's console (apps/console, issue 28) at /admin on the widgets origin: its built
 * index.html for /admin and every client route under it (the console's router reads the path), its
 * hashed /admin/assets, never framable by anyone (frame-ancestors 'none', X-Frame-Options DENY) and
 * with a CSP that lets it load and call nothing but this origin. /admin/api/* is the admin API's
 * (admin/routes.ts): an unknown API path is a JSON 404 there, never the console's page.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueError } from '@foyer/api';
import { ADMIN_API_PREFIX } from '@foyer/api/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendBuiltFile } from '../built-files';
import { DEFAULT_CONSOLE_DIST } from '../config';
import type { AppDeps } from '../deps';
import { sendError } from '../http/errors';

export const CONSOLE_PATH = '/admin';

/**
 * Everything from this origin and nothing else: no inline script or style (the console has
 * neither), no plug-ins, no <base>, forms post only here, and no page may frame it.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Flat file names of the build (no leading dot, so no `..`); the compressed copies are negotiated, never named. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
const COPY_NAME = /\.(?:br|gz)$/;
/** A path whose last segment has an extension names a file: missing, it is a 404, not the page. */
const HAS_EXTENSION = /\/[^/]*\.[A-Za-z0-9]+$/;

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  map: 'application/json; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  webp: 'image/webp',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
};
const typeOf = (file: string) => TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

function consoleHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CONSOLE_CSP)
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin');
}

function notBuilt(reply: FastifyReply): FastifyReply {
  return consoleHeaders(reply)
    .code(503)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('The console is not built yet: run npm run build (in the repository root), then reload.');
}

export async function consoleStaticRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const dist = deps.consoleDist ?? DEFAULT_CONSOLE_DIST;
  const indexHtml = join(dist, 'index.html');

  /** The console's document: the browser asks again each time (a new build changes its asset names). */
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(indexHtml)) return notBuilt(reply);
    consoleHeaders(reply).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return (await sendBuiltFile(request, reply, indexHtml)) ?? notBuilt(reply);
  };

  app.get(CONSOLE_PATH, page);
  app.get(`${CONSOLE_PATH}/`, page);

  app.get<{ Params: { '*': string } }>(`${CONSOLE_PATH}/assets/*`, async (request, reply) => {
    const file = request.params['*'];
    if (!existsSync(indexHtml)) return notBuilt(reply);
    if (!FILE_NAME.test(file) || COPY_NAME.test(file)) return reply.callNotFound();
    // Vite puts a content hash in every asset name: a name never changes its content.
    consoleHeaders(reply).header('cache-control', 'public, max-age=31536000, immutable').type(typeOf(file));
    return (await sendBuiltFile(request, reply, join(dist, 'assets', file))) ?? reply.callNotFound();
  });

  app.get<{ Params: { '*': string } }>(`${CONSOLE_PATH}/*`, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // The admin API's own routes are more specific than this one; what reaches here under its
    // prefix is an API path that does not exist, answered as the API answers.
    if (path === ADMIN_API_PREFIX || path.startsWith(`${ADMIN_API_PREFIX}/`))
      return sendError(reply.header('cache-control', 'no-store'), catalogueError('NOT_FOUND'));
    const rest = request.params['*'];
    if (HAS_EXTENSION.test(path)) {
      // A file at the build's root (a favicon); never a nested path, never a compressed copy by name.
      if (!FILE_NAME.test(rest) || COPY_NAME.test(rest)) return reply.callNotFound();
      if (!existsSync(indexHtml)) return notBuilt(reply);
      consoleHeaders(reply).header('cache-control', 'no-cache').type(typeOf(rest));
      return (await sendBuiltFile(request, reply, join(dist, rest))) ?? reply.callNotFound();
    }
    // A client route (/admin/accounts/…): the console's page, whose router shows it.
    return page(request, reply);
  });
}
