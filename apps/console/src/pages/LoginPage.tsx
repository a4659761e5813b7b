/**
 * Sign-in: e-mail and password, then — when the server answers OPERATOR_SECOND_FACTOR_REQUIRED —
 * the 6-digit code of the operator's authenticator app, sent with the same e-mail and password.
 */
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { adminApi, errorCode, errorText, useSignInMutation } from '../api/adminApi';
import { sessionStarted } from '../app/authSlice';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { ErrorAlert, usePageTitle } from '../ui/parts';

const passwordStep = yup.object({
  email: yup.string().trim().required('Enter your e-mail address.').email('Enter a valid e-mail address.'),
  password: yup.string().required('Enter your password.'),
});
const codeStep = yup.object({
  totp: yup
    .string()
    .trim()
    .required('Enter the 6-digit code.')
    .matches(/^\d{6}$/, 'The code is 6 digits.'),
});

export function LoginPage() {
  usePageTitle('Sign in');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { session, ended } = useAppSelector((state) => state.auth);
  const [signIn] = useSignInMutation();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [failure, setFailure] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  const form = useFormik({
    initialValues: { email: '', password: '', totp: '' },
    validationSchema: step === 'password' ? passwordStep : codeStep,
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: async ({ email, password, totp }) => {
      setFailure('');
      try {
        const started = await signIn({
          email: email.trim(),
          password,
          ...(step === 'code' ? { totp: totp.trim() } : {}),
        }).unwrap();
        // Nothing an earlier session cached is shown to this one.
        dispatch(adminApi.util.resetApiState());
        dispatch(sessionStarted(started));
        navigate(from, { replace: true });
      } catch (error) {
        if (errorCode(error) === 'OPERATOR_SECOND_FACTOR_REQUIRED' && step === 'password') {
          setStep('code');
          return;
        }
        setFailure(errorText(error));
      }
    },
  });

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  if (session) return <Navigate to={from} replace />;

  const fieldError = (name: 'email' | 'password' | 'totp') =>
    form.errors[name] ? (
      <p className="field-error" id={`${name}-error`}>
        {form.errors[name]}
      </p>
    ) : null;
  const described = (name: 'email' | 'password' | 'totp', hint?: string) =>
    [hint, form.errors[name] ? `${name}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const errors = Object.values(form.errors).filter(Boolean);

  return (
    <main id="main" className="login">
      <h1>Sign in to the Foyer console</h1>
      {ended && !failure ? (
        <p role="status" className="status">
          Your session ended. Sign in again.
        </p>
      ) : null}
      <ErrorAlert>{failure || (form.submitCount > 0 && errors.length ? errors.join(' ') : '')}</ErrorAlert>
      <form noValidate onSubmit={form.handleSubmit}>
        {step === 'password' ? (
          <>
            <label htmlFor="email">E-mail address</label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              aria-invalid={!!form.errors.email}
              aria-describedby={described('email')}
              value={form.values.email}
              onChange={form.handleChange}
            />
            {fieldError('email')}
            <label htmlFor="password">Password</label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={!!form.errors.password}
              aria-describedby={described('password')}
              value={form.values.password}
              onChange={form.handleChange}
            />
            {fieldError('password')}
          </>
        ) : (
          <>
            <p id="totp-hint">Enter the 6-digit code from your authenticator app for {form.values.email}.</p>
            <label htmlFor="totp">6-digit code</label>
            <input
              ref={codeRef}
              id="totp"
              name="totp"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              autoComplete="one-time-code"
              required
              aria-invalid={!!form.errors.totp}
              aria-describedby={described('totp', 'totp-hint')}
              value={form.values.totp}
              onChange={form.handleChange}
            />
            {fieldError('totp')}
          </>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={form.isSubmitting}>
            {step === 'password' ? 'Sign in' : 'Verify'}
          </button>
          {step === 'code' ? (
            <button
              type="button"
              onClick={() => {
                setStep('password');
                setFailure('');
                void form.setFieldValue('totp', '');
              }}
            >
              Back
            </button>
          ) : null}
        </div>
      </form>
    </main>
  );
}
