import { useCallback, useEffect, useRef, useState } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';
import { foyerError } from '@foyer/api';
import { ErrorMessageBox } from '../ErrorMessageBox';
import { t } from '../../app/i18n';
import { useRequest } from '../../app/store/useRequest';
import { RECAPTCHA_LIFETIME_MS, siteKeyError, type Grecaptcha } from './recaptcha';
import { recaptchaSettingsRequest } from './recaptchaSettings';

export interface CaptchaProps {
  siteKey: string;
  /** The response token once solved; null when not (yet) solved or expired. */
  onChange(response: string | null): void;
  /** Changing this number resets the captcha (a token is single-use: after every submit). */
  resetKey: number;
  /** Shown under the captcha (e.g. 'Please verify that you are not a robot' after a submit). */
  error?: string | null;
  /** Tells the fields apart when two captchas could share a page (default 'captcha'). */
  id?: string;
}

type Status = 'loading' | 'ready' | 'expired' | 'failed';

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/**
 * The captcha of login and registration: react-google-recaptcha loads Google's script (once per
 * frame) and renders the challenge. The response expires after the lifetime the identity server
 * gives the site key (GET /recaptcha/settings/:siteKey, asked while the script loads; the spec's
 * 120 s when that call fails) — our own timer, and Google's expired callback: the token is dropped
 * and the visitor is asked to verify again. A site key the server does not know shows
 * RECAPTCHA_SITE_KEY_REQUIRED instead of a captcha that could never be verified.
 */
export function Captcha({ siteKey, onChange, resetKey, error, id = 'captcha' }: CaptchaProps) {
  const recaptcha = useRef<ReCAPTCHA>(null);
  const changed = useRef(onChange);
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [status, setStatus] = useState<Status>('loading');
  const keyError = siteKeyError(siteKey);
  const settings = useRequest(recaptchaSettingsRequest, siteKey, { skip: !!keyError });
  const lifetimeMs = settings.status === 'succeeded' ? settings.data : RECAPTCHA_LIFETIME_MS;
  const lifetime = useRef(lifetimeMs);
  useEffect(() => {
    lifetime.current = lifetimeMs;
  });

  useEffect(() => {
    changed.current = onChange;
  });
  useEffect(() => () => clearTimeout(expiry.current), []);

  const expire = useCallback(() => {
    clearTimeout(expiry.current);
    changed.current(null);
    setStatus('expired');
  }, []);

  useEffect(() => {
    if (resetKey === 0) return;
    clearTimeout(expiry.current);
    recaptcha.current?.reset();
    changed.current(null);
  }, [resetKey]);

  if (keyError) return <ErrorMessageBox error={keyError} />;
  if (settings.status === 'failed' && settings.error.code === 'RECAPTCHA_SITE_KEY_REQUIRED') {
    return <ErrorMessageBox error={settings.error} />;
  }
  if (status === 'failed') return <ErrorMessageBox error={foyerError('NETWORK_ERROR')} />;
  const errorId = `${id}-error`;
  return (
    <div className="field captcha" role="group" aria-label={t('forms.captchaLabel')} aria-describedby={errorId}>
      {status === 'loading' && <p className="field-note">{t('forms.captchaLoading')}</p>}
      <ReCAPTCHA
        ref={recaptcha}
        sitekey={siteKey}
        // Called once the script loaded — or failed to (then there is no grecaptcha global).
        asyncScriptOnLoad={() => setStatus(window.grecaptcha === undefined ? 'failed' : 'ready')}
        onChange={(response) => {
          clearTimeout(expiry.current);
          if (!response) return changed.current(null);
          expiry.current = setTimeout(() => {
            expire();
            recaptcha.current?.reset();
          }, lifetime.current);
          setStatus('ready');
          changed.current(response);
        }}
        onExpired={expire}
        onErrored={() => {
          clearTimeout(expiry.current);
          changed.current(null);
        }}
      />
      <div id={errorId} aria-live="polite">
        {status === 'expired' && <p className="field-error">{t('forms.captchaExpired')}</p>}
        {error && <p className="field-error">{error}</p>}
      </div>
    </div>
  );
}
