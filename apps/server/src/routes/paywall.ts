/**
 * The paywall calls (identity spec §7): POST /paywall/authorize counts a page view and answers the
 * decision; GET /widgets/templates/paywall and /notifier answer the site owner's templates;
 * GET /disqus/remoteauth signs the comment-system sign-on payload for a live session.
 */
import {
  authorizePaywall,
  getDisqusRemoteAuth,
  getNotifierTemplate,
  getPaywallTemplate,
  parseAuthorization,
  PAYWALL_TEMPLATES,
} from '@foyer/api';
import { originAllowed } from '@foyer/protocol/light';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { calledServiceName } from '../http/frame-binding';
import { addressTrusted } from '../identity/mail-address';
import { findAccountByGuid, findDefaultService, findService, type Service } from '../identity/store';
import { DISQUS_TOKEN_LIFETIME_MS, findDisqusSite, signRemoteAuth } from '../disqus/remote-auth';
import { useSession } from '../security/sessions';
import { authorizeView } from '../paywall/authorize';
import { accountEntitlements, type EntitlementSource } from '../paywall/entitlements';
import { fillNotifier, findPaywallTemplate } from '../paywall/templates';

const segmentList = z.pipe(
  z._default(z.string().check(z.maxLength(2000)), ''),
  z.transform((value: string) => value.split(',').filter(Boolean)),
);
/** The page's language (BCP 47), for the template written in it. */
const locale = z.optional(z.string().check(z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/)));
const paywallQuery = z.object({ displayOn: z.enum(PAYWALL_TEMPLATES), segments: segmentList, locale });
const number = z.pipe(
  z.string().check(z.regex(/^\d{1,6}$/)),
  z.transform((value: string) => Number(value)),
);
const notifierQuery = z.object({ count: number, total: number, segments: segmentList, locale });
const text = z.string().check(z.maxLength(255));
const disqusQuery = z.object({
  site: z.string().check(z.minLength(1), z.maxLength(100)),
  session: z.string().check(z.minLength(1), z.maxLength(200)),
  name: z.optional(text),
  email: z.optional(text),
});

async function serviceOf(deps: AppDeps, request: FastifyRequest): Promise<Service> {
  // The named service, else the calling frame's (http/frame-binding.ts): not the default one.
  const name = calledServiceName(request);
  const service = name ? await findService(deps.db, name) : await findDefaultService(deps.db);
  if (!service) throw new ApiError('SERVICE_NOT_FOUND', [name ?? '']);
  return service;
}

/**
 * The account of the request's live session, or null (an ended session reads as anonymous); for a
 * site server's call, the account of its verified visitor token (http/server-calls.ts).
 */
async function viewerOf(deps: AppDeps, request: FastifyRequest): Promise<string | null> {
  if (request.visitor) return request.visitor.sub;
  const sessionId = parseAuthorization(request.headers.authorization)?.sessionId;
  if (!sessionId) return null;
  const found = await useSession(deps.db, sessionId, deps.now());
  return found.status === 'valid' ? found.session.guid : null;
}

export function paywallRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  entitlements: EntitlementSource = accountEntitlements,
): void {
  const { db } = deps;

  defineRoute(app, authorizePaywall, async ({ body, request }) => {
    const service = await serviceOf(deps, request);
    // Only pages of the service's own sites are metered (a page elsewhere could drain a meter).
    if (!originAllowed(new URL(body.page).origin, service.allowedHostOrigins)) throw new ApiError('FORBIDDEN');
    const guid = await viewerOf(deps, request);
    const decision = await authorizeView(
      db,
      entitlements,
      { serviceName: service.name, guid, meterId: body.meterId },
      body,
      deps.now(),
    );
    return { body: decision };
  });

  defineRoute(
    app,
    getPaywallTemplate,
    async ({ query, request }) => {
      const service = await serviceOf(deps, request);
      const template = await findPaywallTemplate(
        db,
        service.name,
        'paywall',
        query.displayOn,
        query.segments,
        query.locale,
      );
      if (!template) throw new ApiError('NOT_FOUND');
      return { body: template };
    },
    { query: paywallQuery },
  );

  defineRoute(
    app,
    getNotifierTemplate,
    async ({ query, request }) => {
      const service = await serviceOf(deps, request);
      const template = await findPaywallTemplate(db, service.name, 'notifier', 'meter', query.segments, query.locale);
      if (!template) throw new ApiError('NOT_FOUND');
      return { body: { ...template, content: fillNotifier(template.content, query.count, query.total) } };
    },
    { query: notifierQuery },
  );

  defineRoute(
    app,
    getDisqusRemoteAuth,
    async ({ query }) => {
      const now = deps.now();
      const site = await findDisqusSite(db, query.site);
      if (!site) throw new ApiError('NOT_FOUND');
      const found = await useSession(db, query.session, now);
      if (found.status === 'not-found') throw new ApiError('UNAUTHORIZED');
      if (found.status === 'expired') throw new ApiError('SESSION_HAS_EXPIRED');
      const account = await findAccountByGuid(db, found.session.guid);
      if (!account || !account.services.includes(site.serviceName)) throw new ApiError('FORBIDDEN');
      // The address is the account's own, never the query's: Disqus links comments by it, so an
      // address nobody proved (issue 24: a purchase sign-up) gets no sign-on at all. Disqus asks
      // every remote_auth user for an e-mail, so leaving it out is no option.
      if (!addressTrusted(account)) throw new ApiError('ADDRESS_NOT_PROVEN');
      const email = account.attributes.email ?? '';
      const fullName = [account.attributes.firstName, account.attributes.lastName].filter(Boolean).join(' ');
      const username = (query.name || fullName || email).slice(0, 255);
      const token = signRemoteAuth(site.secretKey, { id: account.guid, username, email }, now);
      return { body: { token, expiresAt: now + DISQUS_TOKEN_LIFETIME_MS } };
    },
    { query: disqusQuery },
  );
}
