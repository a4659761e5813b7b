import { useState } from 'react';
import type { SubscriptionsListAttributes } from '@foyer/protocol';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import { useRequest } from '../../app/store/useRequest';
import type { WidgetProps } from '../../app/widgetProps';
import { AccountTable } from '../../features/account/AccountTable';
import { accountListGate } from '../../features/account/accountListGate';
import { useAccountSession } from '../../features/account/useAccountSession';
import { subscriptionsV1Request } from '../../features/account/v1Requests';
import { SubscriptionItem } from '../../features/account/SubscriptionItem';
import '../../app/i18n/purchaseMessages';
import '../../features/account/messages';
import '../../ui/account-area.css';

/**
 * Subscriptions list (identity spec §2, purchase spec v1 widgets): the visitor's subscriptions in
 * the version 1 shape, from the older service's `GET /account/{guid}` (one-off purchases are not
 * subscriptions).
 */
export default function SubscriptionsList({ attributes }: WidgetProps<SubscriptionsListAttributes>) {
  const [reloads, setReloads] = useState(0);
  const { loggedIn, sessionId } = useAccountSession(() => setReloads((count) => count + 1));
  const state = useRequest(subscriptionsV1Request, undefined, {
    skip: !loggedIn,
    reloadOn: [sessionId, reloads],
  });

  const heading = (
    <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('subscriptions.title')}</WidgetHeading>
  );
  const gate = accountListGate({
    className: 'subscriptions-list',
    heading,
    loggedIn,
    state,
    showErrorMsgs: attributes.showErrorMsgs,
    offerRetry: false,
  });
  if ('element' in gate) return gate.element;
  const subscriptions = gate.data;
  return (
    <div className="subscriptions-list">
      {heading}
      {subscriptions.length === 0 ? (
        <p>{t('subscriptions.empty')}</p>
      ) : (
        <AccountTable
          caption={t('subscriptions.caption')}
          columns={[
            { label: t('subscriptions.name') },
            { label: t('subscriptions.startDate') },
            { label: t('subscriptions.frequency') },
            { label: t('subscriptions.status') },
          ]}
        >
          {subscriptions.map((subscription) => (
            <SubscriptionItem key={subscription._id} subscription={subscription} />
          ))}
        </AccountTable>
      )}
    </div>
  );
}
