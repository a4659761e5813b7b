/** GET /recaptcha/settings/:siteKey — whether a captcha site key is configured here. */
import { identityEndpoints, RECAPTCHA_RESPONSE_LIFETIME_SECONDS, RECAPTCHA_SITE_KEY_LENGTH } from '@foyer/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { defineRoute } from '../http/define-route';
import { ApiError } from '../http/errors';
import { findServicesByRecaptchaSiteKey } from '../identity/store';

export function recaptchaRoutes(app: FastifyInstance, deps: AppDeps): void {
  defineRoute(app, identityEndpoints.getRecaptchaSettings, async ({ params }) => {
    if (params.siteKey.length !== RECAPTCHA_SITE_KEY_LENGTH) throw new ApiError('RECAPTCHA_SITE_KEY_REQUIRED');
    const services = await findServicesByRecaptchaSiteKey(deps.db, params.siteKey);
    if (!services.length) throw new ApiError('NOT_FOUND');
    return { body: { siteKey: params.siteKey, responseLifetimeSeconds: RECAPTCHA_RESPONSE_LIFETIME_SECONDS } };
  });
}
