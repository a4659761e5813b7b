import { useState } from 'react';
import type { PurchasesListAttributes } from '@foyer/protocol';
import type { Purchase } from '@foyer/api/widget';
import { WidgetHeading } from '../../components/WidgetHeading';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { useRequest } from '../../store/useRequest';
import type { WidgetProps } from '../widgetProps';
import { purchasesRequest } from '../_subscriptions/accountRequests';
import { ActionsMenu } from '../_subscriptions/ActionsMenu';
import { AccountTable, AccountTableRow, type AccountColumn } from '../_subscriptions/AccountTable';
import { frequencyLabel, purchaseFrequency, purchaseName, purchaseStatusLabel } from '../_subscriptions/labels';
import { accountListGate } from '../_subscriptions/accountListGate';
import { useAccountSession } from '../_subscriptions/useAccountSession';
import { AddBeneficiaryDialog } from './AddBeneficiaryDialog';
import { BeneficiariesDialog } from './BeneficiariesDialog';
import '../_forms/forms.css';
import '../_purchase/messages';
import '../_subscriptions/messages';
import '../_subscriptions/account-area.css';

type Open = { kind: 'beneficiaries' | 'add'; purchase: Purchase } | null;

/** Only the owner's running subscriptions take beneficiaries. */
function canShare(purchase: Purchase): boolean {
  const status = purchase.subscription?.status;
  return status === 'ACTIVE' || status === 'ACTIVE_PENDING';
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
    <div className="purchases-list">
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
                  purchaseStatusLabel(purchase.status),
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
          onClose={() => setOpen(null)}
          onChanged={reload}
        />
      )}
      {open?.kind === 'add' && open.purchase.subscription && (
        <AddBeneficiaryDialog
          subscriptionId={open.purchase.subscription.id}
          name={purchaseName(open.purchase)}
          showErrors={attributes.showErrorMsgs}
          onClose={() => setOpen(null)}
          onInvited={reload}
        />
      )}
    </div>
  );
}
