import { useFormik } from 'formik';
import { useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { t } from '../../i18n';
import { useAppDispatch } from '../../store/hooks';
import { reauthenticate } from './reauthenticate';

/**
 * Secure mode without a live secure session: 'Session has expired.', and a password field to
 * prove it is still the visitor (POST /session/:id); once proved, `onDone` loads the form again.
 */
export function ReauthenticateForm({ error, onDone }: { error: FoyerError; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [problem, setProblem] = useState<FoyerError | null>(null);
  const formik = useFormik({
    initialValues: { password: '' },
    onSubmit: async ({ password }, helpers) => {
      setProblem(null);
      const result = await dispatch(reauthenticate(password));
      if (result.ok) return onDone();
      helpers.setFieldValue('password', '', false);
      setProblem(result.error);
    },
  });
  return (
    <form className="form" noValidate onSubmit={formik.handleSubmit}>
      <ErrorMessageBox error={problem ?? error} showCode />
      <div className="field">
        <label htmlFor="reauthenticate-password">{t('editProfile.reauthenticate')}</label>
        <input
          id="reauthenticate-password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={formik.values.password}
          onChange={formik.handleChange}
        />
      </div>
      <button type="submit" className="button" disabled={!formik.values.password || formik.isSubmitting}>
        {t('editProfile.continue')}
      </button>
    </form>
  );
}
