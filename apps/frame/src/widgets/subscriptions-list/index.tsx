import { useState } from 'react';
import type { SubscriptionsListAttributes } from '@foyer/protocol';
import { WidgetHeading } from '../../components/WidgetHeading';
import { t } from '../../i18n';
import { useRequest } from '../../store/useRequest';
import type { WidgetProps } from '../widgetProps';
import { AccountTable } from '../_subscriptions/AccountTable';
import { accountListGate } from '../_subscriptions/accountListGate';
import { useAccountSession } from '../_subscriptions/useAccountSession';
import { subscriptionsV1Request } from '../_subscriptions/v1Requests';
import { SubscriptionItem } from './SubscriptionItem';
import '../_purchase/messages';
import '../_subscriptions/messages';
import '../_subscriptions/account-area.css';

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
