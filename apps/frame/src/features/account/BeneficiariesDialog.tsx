/**
 * Beneficiaries dialog (purchase spec §2): email, status and a remove button per beneficiary; a
 * removal asks for confirmation first (confirm or cancel); 'No beneficiaries' when there are none.
 */
import { useEffect, useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import type { Beneficiary } from '@foyer/api/widget';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading, SubmitButton } from '../../ui/Loading';
import { t } from '../../app/i18n';
import { useAppDispatch } from '../../app/store/hooks';
import { useRequest } from '../../app/store/useRequest';
import { MessageBox } from '../../ui/form/MessageBox';
import { beneficiariesRequest, dropBeneficiary } from './accountRequests';
import { AccountTable, AccountTableRow } from './AccountTable';
import { Dialog } from '../../ui/Dialog';
import { grantStatusLabel } from './labels';

export function BeneficiariesDialog({
  subscriptionId,
  name,
  showErrors,
  onClose,
  onChanged,
}: {
  subscriptionId: string;
  name: string;
  showErrors: boolean;
  onClose(): void;
  onChanged(): void;
}) {
  const dispatch = useAppDispatch();
  const state = useRequest(beneficiariesRequest, subscriptionId);
  const [confirming, setConfirming] = useState<Beneficiary | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FoyerError | null>(null);
  const [removed, setRemoved] = useState<Beneficiary | null>(null);
  // After a removal the confirmation's opener (that row's Remove) is gone: the dialog's Close takes
  // the focus, so the keyboard stays in the dialog instead of falling to the page's body.
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (removed) close.current?.focus();
  }, [removed]);

  async function remove(beneficiary: Beneficiary) {
    setBusy(true);
    setError(null);
    const result = await dispatch(dropBeneficiary({ subscriptionId, key: beneficiary.key }));
    setBusy(false);
    setConfirming(null);
    if (dropBeneficiary.rejected.match(result)) {
      if (result.payload) setError(result.payload);
      return;
    }
    setRemoved(beneficiary);
    state.retry();
    onChanged();
  }

  // A removed beneficiary goes from the list at once, before its reload ends (its Remove would
  // only fail).
  const rows = (state.data ?? []).filter((row) => row.key !== removed?.key);
  return (
    <Dialog title={t('beneficiaries.title', [name])} onClose={onClose}>
      {error && showErrors && <ErrorMessageBox error={error} />}
      {removed && <MessageBox text={t('beneficiaries.removed', [removed.email])} severity="success" />}
      {state.status === 'failed' && showErrors && <ErrorMessageBox error={state.error} />}
      {state.status === 'loading' && !state.data ? (
        <Loading />
      ) : rows.length === 0 ? (
        state.status === 'succeeded' && <p>{t('beneficiaries.empty')}</p>
      ) : (
        <AccountTable
          className="beneficiaries"
          columns={[
            { label: t('beneficiaries.email') },
            { label: t('beneficiaries.status') },
            { label: t('purchasesList.actions'), headerHidden: true, action: true },
          ]}
        >
          {rows.map((row) => (
            <AccountTableRow
              key={row.key}
              cells={[
                row.email,
                grantStatusLabel(row.status),
                (row.status === 'PENDING' || row.status === 'ACCEPTED') && (
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={t('beneficiaries.removeFor', [row.email])}
                    onClick={() => setConfirming(row)}
                  >
                    {t('beneficiaries.remove')}
                  </button>
                ),
              ]}
            />
          ))}
        </AccountTable>
      )}
      {confirming && (
        <Dialog title={t('beneficiaries.confirmTitle')} role="alertdialog" onClose={() => setConfirming(null)}>
          <p>{t('beneficiaries.confirmText', [confirming.email])}</p>
          <div className="actions">
            <SubmitButton
              type="button"
              busy={busy}
              label={t('beneficiaries.confirm')}
              busyLabel={t('beneficiaries.confirm')}
              onClick={() => void remove(confirming)}
            />
            <button type="button" className="button button-secondary" onClick={() => setConfirming(null)}>
              {t('account.cancel')}
            </button>
          </div>
        </Dialog>
      )}
      <div className="actions">
        <button ref={close} type="button" className="button button-secondary" onClick={onClose}>
          {t('account.close')}
        </button>
      </div>
    </Dialog>
  );
}
