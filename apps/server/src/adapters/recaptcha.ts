/**
 * reCAPTCHA server-side verification (https://developers.google.com/recaptcha/docs/verify):
 * POST `secret`, `response` and `remoteip` form-encoded to the verify URL; the answer is
 * `{success, challenge_ts, hostname, "error-codes"}`. A response solved more than 120 s ago is
 * refused even when the verify API accepts it (identity spec §9). Any failure to reach the API
 * refuses too: a captcha that cannot be checked is not solved.
 */
import { RECAPTCHA_RESPONSE_LIFETIME_SECONDS } from '@foyer/api';

export const DEFAULT_RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaVerdict {
  success: boolean;
  errorCodes: string[];
  hostname?: string;
  /** When the captcha was solved, epoch milliseconds. */
  challengeTs?: number;
}

export interface RecaptchaVerifyInput {
  secret: string;
  response: string;
  remoteIp?: string;
  /** Epoch milliseconds (the server's injectable clock). */
  now: number;
}

export interface RecaptchaVerifier {
  verify(input: RecaptchaVerifyInput): Promise<RecaptchaVerdict>;
}

export interface RecaptchaOptions {
  verifyUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

function refused(...errorCodes: string[]): RecaptchaVerdict {
  return { success: false, errorCodes };
}

export function recaptchaVerifier(options: RecaptchaOptions = {}): RecaptchaVerifier {
  const verifyUrl = options.verifyUrl ?? DEFAULT_RECAPTCHA_VERIFY_URL;
  const doFetch = options.fetch ?? fetch;
  return {
    async verify(input) {
      if (!input.response) return refused('missing-input-response');
      const form = new URLSearchParams({ secret: input.secret, response: input.response });
      if (input.remoteIp) form.set('remoteip', input.remoteIp);
      let body: unknown;
      try {
        const answer = await doFetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!answer.ok) return refused(`verify-http-${answer.status}`);
        body = await answer.json();
      } catch {
        return refused('verify-unreachable');
      }
      if (typeof body !== 'object' || body === null) return refused('verify-bad-answer');
      const fields = body as Record<string, unknown>;
      const errorCodes = Array.isArray(fields['error-codes']) ? fields['error-codes'].map(String) : [];
      const challengeTs = typeof fields.challenge_ts === 'string' ? Date.parse(fields.challenge_ts) : NaN;
      const verdict: RecaptchaVerdict = {
        success: fields.success === true,
        errorCodes,
        ...(typeof fields.hostname === 'string' ? { hostname: fields.hostname } : {}),
        ...(Number.isFinite(challengeTs) ? { challengeTs } : {}),
      };
      if (!verdict.success) return verdict.errorCodes.length ? verdict : { ...verdict, errorCodes: ['unknown'] };
      if (verdict.challengeTs === undefined) return { ...verdict, success: false, errorCodes: ['verify-bad-answer'] };
      if (input.now - verdict.challengeTs > RECAPTCHA_RESPONSE_LIFETIME_SECONDS * 1000) {
        return { ...verdict, success: false, errorCodes: ['timeout-or-duplicate'] };
      }
      return verdict;
    },
  };
}
