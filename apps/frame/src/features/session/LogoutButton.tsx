import { useState } from 'react';
import { t } from '../../app/i18n';
import { useAppDispatch } from '../../app/store/hooks';
import { logout } from '../../app/store/sessionThunks';
import { SubmitButton } from '../../ui/Loading';

/** Logs out (DELETE /session/:id, local clear whatever the answer) and publishes logout.action. */
export function LogoutButton() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  return (
    <SubmitButton
      type="button"
      busy={busy}
      label={t('logout.submit')}
      busyLabel={t('logout.submitting')}
      onClick={async () => {
        setBusy(true);
        await dispatch(logout());
        setBusy(false);
      }}
    />
  );
}
