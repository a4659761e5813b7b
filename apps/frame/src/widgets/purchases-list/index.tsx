import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { PurchasesListAttributes } from '@foyer/protocol';
import type { Purchase } from '@foyer/api/widget';
import { Loading } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { formatDate } from '../../app/i18n/dates';
import { useRequest } from '../../app/store/useRequest';
import type { WidgetProps } from '../../app/widgetProps';
import { purchasesRequest } from '../../features/account/accountRequests';
import { ActionsMenu } from '../../ui/ActionsMenu';
import { AccountTable, AccountTableRow, type AccountColumn } from '../../features/account/AccountTable';
import {
  frequencyLabel,
  purchaseFrequency,
  purchaseName,
  purchaseStatus,
  purchaseStatusDetail,
  purchaseStatusLabel,
} from '../../features/account/labels';
import { accountListGate } from '../../features/account/accountListGate';
import { useAccountSession } from '../../features/account/useAccountSession';
import { AddBeneficiaryDialog } from '../../features/account/AddBeneficiaryDialog';
import { BeneficiariesDialog } from '../../features/account/BeneficiariesDialog';
import '../../ui/form/forms.css';
import '../../app/i18n/purchaseMessages';
import '../../features/account/messages';
import '../../ui/account-area.css';

type Open = { kind: 'beneficiaries' | 'add' | 'payment'; purchase: Purchase } | null;

/** Paying a past-due subscription loads the card forms: only when a visitor asks for it. */
const UpdatePaymentDialog = lazy(() => import('../../features/payments/UpdatePaymentDialog'));

/** Only the owner's running subscriptions take beneficiaries. */
function canShare(purchase: Purchase): boolean {
  const status = purchase.subscription?.status;
  return status === 'ACTIVE' || status === 'ACTIVE_PENDING';
}

/**
 * A purchase's status, translated, with what it means for the visitor (renews on, access until,
 * ends on); a PAST_DUE subscription offers "Update payment" right there, whatever the actions
 * column shows. The label takes the focus back when the dialog closes without its button (paid:
 * the row is Active again and the button is gone).
 */
function StatusCell({
  purchase,
  name,
  onUpdatePayment,
}: {
  purchase: Purchase;
  name: string;
  onUpdatePayment(): void;
}) {
  const status = purchaseStatus(purchase);
  const detail = purchaseStatusDetail(purchase);
  return (
    <>
      <span className="purchase-status" tabIndex={-1}>
        {purchaseStatusLabel(status)}
      </span>
      {detail && <span className="purchase-status-detail"> {detail}</span>}
      {status === 'PAST_DUE' && purchase.subscription && (
        <>
          {' '}
          <button
            type="button"
            className="button button-secondary purchase-update-payment"
            aria-label={t('purchasesList.updatePaymentFor', [name])}
            onClick={onUpdatePayment}
          >
            {t('purchasesList.updatePayment')}
          </button>
        </>
      )}
    </>
  );
}

/**
 * Purchases list (purchase spec §2): product and plan, start and end date (dd-MMM-yyyy), frequency,
 * status, optionally the number of beneficiaries and an actions menu (display beneficiaries, add
 * beneficiary). Logged-in visitors only; reloads on login, logout and the session events.
 */
export default function PurchasesList({ attributes }: WidgetProps<PurchasesListAttributes>) {
  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((count) => count + 1);
  const { loggedIn, sessionId } = useAccountSession(reload);
  const state = useRequest(purchasesRequest, undefined, { skip: !loggedIn, reloadOn: [sessionId, reloads] });
  const [open, setOpen] = useState<Open>(null);
  // The row whose dialog closed: its status label takes the focus if its opener has gone.
  const closedRow = useRef<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const row = closedRow.current;
    if (open || !row) return;
    closedRow.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const rows = [...(list.current?.querySelectorAll<HTMLElement>('[data-purchase]') ?? [])];
    rows
      .find((candidate) => candidate.dataset.purchase === row)
      ?.querySelector<HTMLElement>('.purchase-status')
      ?.focus();
  }, [open]);
  const closeDialog = () => {
    closedRow.current = open?.purchase.id ?? null;
    setOpen(null);
  };

  const heading = (
    <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('purchasesList.title')}</WidgetHeading>
  );
  const gate = accountListGate({
    className: 'purchases-list',
    heading,
    loggedIn,
    state,
    showErrorMsgs: attributes.showErrorMsgs,
  });
  if ('element' in gate) return gate.element;
  const purchases = gate.data;
  const showActions = attributes.showActions && purchases.some(canShare);
  const columns: AccountColumn[] = [
    { label: t('purchasesList.product') },
    { label: t('purchasesList.startDate') },
    { label: t('purchasesList.endDate') },
    { label: t('purchasesList.frequency') },
    { label: t('purchasesList.status') },
    ...(attributes.showNumberBeneficiaries ? [{ label: t('purchasesList.beneficiaries') }] : []),
    ...(showActions ? [{ label: t('purchasesList.actions'), action: true }] : []),
  ];

  return (
    <div className="purchases-list" ref={list}>
      {heading}
      {purchases.length === 0 ? (
        <p>{t('purchasesList.empty')}</p>
      ) : (
        <AccountTable caption={t('purchasesList.caption')} columns={columns}>
          {purchases.map((purchase) => {
            const name = purchaseName(purchase);
            return (
              <AccountTableRow
                key={purchase.id}
                data-purchase={purchase.id}
                cells={[
                  name,
                  formatDate(purchase.subscription?.startDate, 'dd-MMM-yyyy'),
                  formatDate(purchase.subscription?.endDate, 'dd-MMM-yyyy'),
                  frequencyLabel(purchaseFrequency(purchase)),
                  <StatusCell
                    key="status"
                    purchase={purchase}
                    name={name}
                    onUpdatePayment={() => setOpen({ kind: 'payment', purchase })}
                  />,
                  ...(attributes.showNumberBeneficiaries ? [purchase.subscription ? purchase.beneficiaries : '-'] : []),
                  ...(showActions
                    ? [
                        canShare(purchase) && (
                          <ActionsMenu
                            label={t('purchasesList.actionsFor', [name])}
                            caption={t('purchasesList.actions')}
                            items={[
                              {
                                label: t('purchasesList.displayBeneficiaries'),
                                onSelect: () => setOpen({ kind: 'beneficiaries', purchase }),
                              },
                              {
                                label: t('purchasesList.addBeneficiary'),
                                onSelect: () => setOpen({ kind: 'add', purchase }),
                              },
                            ]}
                          />
                        ),
                      ]
                    : []),
                ]}
              />
            );
          })}
        </AccountTable>
      )}
      {open?.kind === 'beneficiaries' && open.purchase.subscription && (
        <BeneficiariesDialog
          subscriptionId={open.purchase.subscription.id}
          name={purchaseName(open.purchase)}
          showErrors={attributes.showErrorMsgs}
          onClose={closeDialog}
          onChanged={reload}
        />
      )}
      {open?.kind === 'add' && open.purchase.subscription && (
        <AddBeneficiaryDialog
          subscriptionId={open.purchase.subscription.id}
          name={purchaseName(open.purchase)}
          showErrors={attributes.showErrorMsgs}
          onClose={closeDialog}
          onInvited={reload}
        />
      )}
      {open?.kind === 'payment' && open.purchase.subscription && (
        <Suspense fallback={<Loading />}>
          <UpdatePaymentDialog
            subscriptionId={open.purchase.subscription.id}
            name={purchaseName(open.purchase)}
            onClose={closeDialog}
            onPaid={reload}
          />
        </Suspense>
      )}
    </div>
  );
}
