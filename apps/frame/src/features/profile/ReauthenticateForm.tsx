import { useFormik } from 'formik';
import { lazy, Suspense, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { t } from '../../app/i18n';
import { useAppDispatch } from '../../app/store/hooks';
import { useRequest } from '../../app/store/useRequest';
// Its own texts: link-accounts and unlink-accounts show it too, without the rest of edit profile.
import './messages';
import { reauthenticate, reauthenticationRequest } from './reauthenticate';

/** Only services with a reCAPTCHA site key download the captcha. */
const Captcha = lazy(() => import('../../ui/form/Captcha').then((module) => ({ default: module.Captcha })));
/** Only accounts without a password (social registration) download the social buttons. */
const SocialReauthenticateForm = lazy(() => import('./SocialReauthenticateForm'));

/**
 * Secure mode without a live secure session: 'Session has expired.', and a password field to
 * prove it is still the visitor (POST /session/:id, with the service's captcha when it has one, as
 * a login); once proved, `onDone`. An account without a password proves it with a linked network.
 */
export interface ReauthenticateFormProps {
  error: FoyerError;
  onDone: () => void;
  /** A linked network's confirmation may take the full-redirect trip where popups do not work (SocialButtons). */
  confirmByRedirect?: boolean;
}

export function ReauthenticateForm({ error, onDone, confirmByRedirect = false }: ReauthenticateFormProps) {
  const dispatch = useAppDispatch();
  const setup = useRequest(reauthenticationRequest, undefined);
  const [problem, setProblem] = useState<FoyerError | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const siteKey = setup.status === 'succeeded' ? setup.data.recaptchaSiteKey : null;
  const formik = useFormik({
    initialValues: { password: '' },
    onSubmit: async ({ password }, helpers) => {
      if (setup.status !== 'succeeded') return;
      setProblem(null);
      const result = await dispatch(reauthenticate(setup.data, password, captcha ?? undefined));
      if (result.ok) return onDone();
      if (siteKey) setCaptchaReset((count) => count + 1);
      await helpers.setFieldValue('password', '', false);
      setProblem(result.error);
    },
  });
  if (setup.status !== 'succeeded') {
    return (
      <>
        <ErrorMessageBox error={error} showCode />
        {setup.status === 'failed' ? <ErrorMessageBox error={setup.error} showCode /> : <Loading />}
      </>
    );
  }
  if (!setup.data.hasPassword) {
    return (
      <Suspense fallback={<Loading />}>
        <SocialReauthenticateForm
          error={error}
          linkedNetworks={setup.data.linkedNetworks}
          onDone={onDone}
          confirmByRedirect={confirmByRedirect}
        />
      </Suspense>
    );
  }
  return (
    <form className="form" noValidate onSubmit={formik.handleSubmit}>
      <ErrorMessageBox error={problem ?? error} showCode />
      <div className="field">
        <label htmlFor="reauthenticate-password">{t('editProfile.reauthenticate')}</label>
        <input
          id="reauthenticate-password"
          className="field-input"
          name="password"
          type="password"
          autoComplete="current-password"
          value={formik.values.password}
          onChange={formik.handleChange}
        />
      </div>
      {siteKey && (
        <Suspense fallback={<p className="field-note">{t('frame.loading')}</p>}>
          <Captcha id="reauthenticate-captcha" siteKey={siteKey} onChange={setCaptcha} resetKey={captchaReset} />
        </Suspense>
      )}
      <button
        type="submit"
        className="button"
        disabled={!formik.values.password || (!!siteKey && !captcha) || formik.isSubmitting}
      >
        {t('editProfile.continue')}
      </button>
    </form>
  );
}
