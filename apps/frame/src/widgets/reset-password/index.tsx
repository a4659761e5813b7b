import { useRef, useState, useEffect } from 'react';
import { foyerError, type FoyerError } from '@foyer/api';
import type { ResetPasswordAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { PasswordForm } from '../../features/identity/password/PasswordForm';
import '../../features/identity/password/resetPasswordMessages';
import { resetPassword } from '../../features/identity/password/resetPassword';

/** Reset password (identity spec §2): the key comes from the host page's `resetAttributeKey`. */
export default function ResetPasswordWidget({ attributes }: WidgetProps<ResetPasswordAttributes>) {
  const dispatch = useAppDispatch();
  const key = useAppSelector((state) => state.frame.query.resetAttributeKey);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ error: FoyerError | null } | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const header = attributes.showHeader && <h1>{attributes.title ?? t('reset-password.title')}</h1>;

  useEffect(() => {
    if (result) messageRef.current?.focus();
  }, [result]);

  if (!key) {
    return (
      <>
        {header}
        <ErrorMessageBox error={foyerError('reset-password.keyMissing', [], 400)} />
      </>
    );
  }
  if (result && !result.error) {
    return (
      <>
        {header}
        <ErrorMessageBox ref={messageRef} error={foyerError('reset-password.success', [], 200)} />
      </>
    );
  }
  return (
    <PasswordForm
      id="reset-password"
      showLabels={attributes.showLabels}
      withCurrent={false}
      submitLabel={attributes.submitLabel ?? t('reset-password.submit')}
      busyLabel={t('reset-password.submitting')}
      busy={busy}
      onSubmit={async (values) => {
        setBusy(true);
        const error = await dispatch(resetPassword(key, values.password));
        setBusy(false);
        setResult({ error });
      }}
    >
      {header}
      {result?.error && attributes.showErrorMsgs && (
        <ErrorMessageBox ref={messageRef} error={result.error} onClose={() => setResult(null)} />
      )}
    </PasswordForm>
  );
}
