/**
 * The captcha check of registration and login: when a service has a reCAPTCHA site key, the
 * request must carry a response token that the verify API accepts (identity spec §5).
 */
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import type { Service } from '../identity/store';

/** RECAPTCHA_VERIFICATION_FAILED unless the captcha of the first service that shows one was solved. */
export async function checkCaptcha(
  deps: AppDeps,
  request: FastifyRequest,
  services: readonly Service[],
  response?: string,
) {
  const service = services.find((candidate) => candidate.settings.recaptchaSiteKey);
  if (!service) return;
  const secret = service.settings.recaptchaSecret ?? deps.recaptchaSecret;
  if (!secret) {
    request.log.error({ service: service.name }, 'reCAPTCHA site key configured without a secret');
    throw new ApiError('technical_difficulties');
  }
  if (!response) throw new ApiError('RECAPTCHA_VERIFICATION_FAILED');
  const verdict = await deps.recaptcha.verify({ secret, response, remoteIp: request.ip, now: deps.now() });
  if (!verdict.success) {
    request.log.info({ errorCodes: verdict.errorCodes }, 'captcha refused');
    throw new ApiError('RECAPTCHA_VERIFICATION_FAILED');
  }
}
