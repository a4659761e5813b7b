/** Subscription item (identity spec §2): name, start date (dd-MMMM-yyyy), plan frequency, status. */
import type { Purchase } from '@foyer/api/widget';
import { formatDate } from '../../i18n/dates';
import { frequencyLabel, purchaseFrequency, purchaseName, purchaseStatusLabel } from '../_subscriptions/labels';

export function SubscriptionItem({ purchase }: { purchase: Purchase }) {
  return (
    <tr data-subscription={purchase.subscription?.id}>
      <th scope="row">{purchaseName(purchase)}</th>
      <td>{formatDate(purchase.subscription?.startDate, 'dd-MMMM-yyyy')}</td>
      <td>{frequencyLabel(purchaseFrequency(purchase))}</td>
      <td>{purchaseStatusLabel(purchase.subscription?.status ?? purchase.status)}</td>
    </tr>
  );
}
