import { useEffect, useRef, useState } from 'react';
import { foyerError, type FoyerError } from '@foyer/api';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { t } from '../../i18n';
import { loadRecaptcha, RECAPTCHA_LIFETIME_MS, siteKeyError, type Grecaptcha } from './recaptcha';

export interface CaptchaProps {
  siteKey: string;
  /** The response token once solved; null when not (yet) solved or expired. */
  onChange(response: string | null): void;
  /** Changing this number resets the captcha (a token is single-use: after every submit). */
  resetKey: number;
  /** Shown under the captcha (e.g. 'Please verify that you are not a robot' after a submit). */
  error?: string | null;
  /** For tests: the script loader. */
  load?: () => Promise<Grecaptcha>;
}

/**
 * The captcha of login and registration. The response expires after 120 s (our own timer, and
 * Google's expired callback): the token is dropped and the visitor is asked to verify again.
 */
export function Captcha({ siteKey, onChange, resetKey, error, load = loadRecaptcha }: CaptchaProps) {
  const container = useRef<HTMLDivElement>(null);
  const api = useRef<{ grecaptcha: Grecaptcha; id: number } | null>(null);
  const changed = useRef(onChange);
  const [status, setStatus] = useState<'loading' | 'ready' | 'expired'>('loading');
  const [failure, setFailure] = useState<FoyerError | null>(() => siteKeyError(siteKey));
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    if (siteKeyError(siteKey)) return;
    let live = true;
    const expire = () => {
      clearTimeout(expiry.current);
      changed.current(null);
      setStatus('expired');
    };
    load().then(
      (grecaptcha) => {
        if (!live || !container.current) return;
        const target = container.current.ownerDocument.createElement('div');
        container.current.replaceChildren(target);
        const id = grecaptcha.render(target, {
          sitekey: siteKey,
          callback: (response) => {
            clearTimeout(expiry.current);
            expiry.current = setTimeout(() => {
              expire();
              api.current?.grecaptcha.reset(api.current.id);
            }, RECAPTCHA_LIFETIME_MS);
            setStatus('ready');
            changed.current(response);
          },
          'expired-callback': expire,
          'error-callback': () => {
            clearTimeout(expiry.current);
            changed.current(null);
          },
        });
        api.current = { grecaptcha, id };
        setStatus('ready');
      },
      () => {
        if (live) setFailure(foyerError('NETWORK_ERROR'));
      },
    );
    return () => {
      live = false;
      clearTimeout(expiry.current);
    };
  }, [siteKey, load]);

  useEffect(() => {
    if (resetKey === 0 || !api.current) return;
    clearTimeout(expiry.current);
    api.current.grecaptcha.reset(api.current.id);
    changed.current(null);
  }, [resetKey]);

  if (failure) return <ErrorMessageBox error={failure} />;
  return (
    <div className="field captcha" role="group" aria-label={t('forms.captchaLabel')} aria-describedby="captcha-error">
      {status === 'loading' && <p className="field-note">{t('forms.captchaLoading')}</p>}
      <div ref={container} />
      <div id="captcha-error" aria-live="polite">
        {status === 'expired' && <p className="field-error">{t('forms.captchaExpired')}</p>}
        {error && <p className="field-error">{error}</p>}
      </div>
    </div>
  );
}
