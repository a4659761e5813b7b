/**
 * Google reCAPTCHA v2, explicit rendering (identity spec §5, §9): the script is loaded once, only
 * by a widget that shows a captcha, and only when a site key is configured; a site key must be 40
 * characters ('Google Re-captcha Site Key required.' otherwise); a solved captcha is good for 120 s.
 * (react-google-recaptcha does the same with more code; it is not a dependency here.)
 */
import {
  foyerError,
  RECAPTCHA_RESPONSE_LIFETIME_SECONDS,
  RECAPTCHA_SITE_KEY_LENGTH,
  type FoyerError,
} from '@foyer/api';

export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit';
export const RECAPTCHA_LIFETIME_MS = RECAPTCHA_RESPONSE_LIFETIME_SECONDS * 1000;

export interface RecaptchaRenderParameters {
  sitekey: string;
  callback(response: string): void;
  'expired-callback'(): void;
  'error-callback'(): void;
}

/** The part of the `grecaptcha` global the widget uses. */
export interface Grecaptcha {
  ready?(callback: () => void): void;
  render(container: HTMLElement, parameters: RecaptchaRenderParameters): number;
  reset(widgetId?: number): void;
}

type WithGrecaptcha = Window & { grecaptcha?: Grecaptcha };

export function siteKeyError(siteKey: string): FoyerError | null {
  return siteKey.trim().length === RECAPTCHA_SITE_KEY_LENGTH ? null : foyerError('RECAPTCHA_SITE_KEY_REQUIRED');
}

const loads = new WeakMap<Window, Promise<Grecaptcha>>();

function whenReady(win: WithGrecaptcha, resolve: (api: Grecaptcha) => void, reject: (error: Error) => void) {
  const api = win.grecaptcha;
  if (!api) return reject(new Error('reCAPTCHA script loaded without grecaptcha'));
  if (api.ready) api.ready(() => resolve(win.grecaptcha ?? api));
  else resolve(api);
}

/** Adds the script once per window; later calls share the same promise (a failed load may be retried). */
export function loadRecaptcha(win: Window = window): Promise<Grecaptcha> {
  const target = win as WithGrecaptcha;
  // Already there (loaded by us earlier, or by the site's own code): use it as it is now.
  if (target.grecaptcha?.render) return new Promise((resolve, reject) => whenReady(target, resolve, reject));
  const existing = loads.get(win);
  if (existing) return existing;
  const promise = new Promise<Grecaptcha>((resolve, reject) => {
    const script = win.document.createElement('script');
    script.src = RECAPTCHA_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => whenReady(target, resolve, reject);
    script.onerror = () => reject(new Error('The reCAPTCHA script could not be loaded'));
    win.document.head.append(script);
  });
  promise.catch(() => loads.delete(win));
  loads.set(win, promise);
  return promise;
}
