/**
 * Google reCAPTCHA v2 rules (identity spec §5, §9): a site key must be 40 characters ('Google
 * Re-captcha Site Key required.' otherwise); a solved captcha is good for 120 s. The script itself
 * is loaded and rendered by react-google-recaptcha (Captcha.tsx), only by a widget that shows a
 * captcha, and only when a site key is configured.
 */
import {
  foyerError,
  RECAPTCHA_RESPONSE_LIFETIME_SECONDS,
  RECAPTCHA_SITE_KEY_LENGTH,
  type FoyerError,
} from '@foyer/api';

export const RECAPTCHA_LIFETIME_MS = RECAPTCHA_RESPONSE_LIFETIME_SECONDS * 1000;

export function siteKeyError(siteKey: string): FoyerError | null {
  return siteKey.trim().length === RECAPTCHA_SITE_KEY_LENGTH ? null : foyerError('RECAPTCHA_SITE_KEY_REQUIRED');
}

/** What react-google-recaptcha hands `grecaptcha.render` (test doubles answer to this). */
export interface RecaptchaRenderParameters {
  sitekey: string;
  callback(response: string): void;
  'expired-callback'(): void;
  'error-callback'(): void;
}

/** The part of Google's `grecaptcha` global that react-google-recaptcha calls. */
export interface Grecaptcha {
  render(container: HTMLElement, parameters: RecaptchaRenderParameters): number;
  reset(widgetId?: number): void;
  getResponse?(widgetId?: number): string;
  execute?(widgetId?: number): void;
}
