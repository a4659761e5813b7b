import { useEffect, useRef, useState } from 'react';
import { foyerError, type FoyerError } from '@foyer/api';
import type { ChangePasswordAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { selectServiceName } from '../../app/store/selectors';
import { PasswordForm } from '../../features/identity/password/PasswordForm';
import { changePassword } from '../../features/identity/password/changePassword';
import '../../features/identity/password/changePasswordMessages';

/**
 * Change password (identity spec §2, §6): needs a logged-in session and a service, else
 * 'Not logged-in!'. The old-password field shows unless `showOldPassword` is false.
 */
export default function ChangePasswordWidget({ attributes }: WidgetProps<ChangePasswordAttributes>) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const service = useAppSelector(selectServiceName);
  const [busy, setBusy] = useState(false);
  // `attempt` remounts the form after a success: the fields start empty again.
  const [result, setResult] = useState<{ error: FoyerError | null; attempt: number }>({ error: null, attempt: 0 });
  const [done, setDone] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const header = attributes.showHeader && <h1>{attributes.title ?? t('change-password.title')}</h1>;

  useEffect(() => {
    if (done || result.error) messageRef.current?.focus();
  }, [done, result]);

  if (!loggedIn || !service) {
    return (
      <>
        {header}
        <ErrorMessageBox error={foyerError('NOT_LOGGED_IN')} />
      </>
    );
  }
  const message = result.error
    ? attributes.showErrorMsgs && result.error
    : done && foyerError('change-password.success', [], 200);
  return (
    <PasswordForm
      key={result.attempt}
      id="change-password"
      showLabels={attributes.showLabels}
      withCurrent={attributes.showOldPassword}
      submitLabel={attributes.submitLabel ?? t('change-password.submit')}
      busyLabel={t('change-password.submitting')}
      busy={busy}
      onSubmit={async (values) => {
        setBusy(true);
        setDone(false);
        const error = await dispatch(
          changePassword({
            newPassword: values.password,
            ...(attributes.showOldPassword ? { oldPassword: values.current } : {}),
          }),
        );
        setBusy(false);
        setDone(!error);
        setResult((current) => ({ error, attempt: error ? current.attempt : current.attempt + 1 }));
      }}
    >
      {header}
      {message && (
        <ErrorMessageBox
          ref={messageRef}
          error={message}
          onClose={() => {
            setDone(false);
            setResult((current) => ({ ...current, error: null }));
          }}
        />
      )}
    </PasswordForm>
  );
}
