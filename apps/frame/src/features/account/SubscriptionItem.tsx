/**
 * Subscription item (identity spec §2, purchase spec §3 Subscription v1): name (pName), start
 * date (dd-MMMM-yyyy), plan frequency, status: a row of the list's AccountTable.
 */
import type { SubscriptionV1 } from '@foyer/api/widget';
import { formatDate } from '../../app/i18n/dates';
import { AccountTableRow } from './AccountTable';
import { frequencyLabel, purchaseStatusLabel } from './labels';

export function SubscriptionItem({ subscription }: { subscription: SubscriptionV1 }) {
  return (
    <AccountTableRow
      data-subscription={subscription._id}
      cells={[
        subscription.pName,
        formatDate(subscription.startDate, 'dd-MMMM-yyyy'),
        frequencyLabel(subscription.paymentPlan.frequency.id),
        purchaseStatusLabel(subscription.status),
      ]}
    />
  );
}
