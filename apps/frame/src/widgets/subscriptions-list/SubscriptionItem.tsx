/**
 * Subscription item (identity spec §2, purchase spec §3 Subscription v1): name (pName), start
 * date (dd-MMMM-yyyy), plan frequency, status.
 */
import type { SubscriptionV1 } from '@foyer/api/widget';
import { formatDate } from '../../i18n/dates';
import { frequencyLabel, purchaseStatusLabel } from '../_subscriptions/labels';

export function SubscriptionItem({ subscription }: { subscription: SubscriptionV1 }) {
  return (
    <tr data-subscription={subscription._id}>
      <th scope="row">{subscription.pName}</th>
      <td>{formatDate(subscription.startDate, 'dd-MMMM-yyyy')}</td>
      <td>{frequencyLabel(subscription.paymentPlan.frequency.id)}</td>
      <td>{purchaseStatusLabel(subscription.status)}</td>
    </tr>
  );
}
