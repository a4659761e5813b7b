import type { Money } from '@foyer/api/widget';
import type { PaymentAttributes } from '@foyer/protocol';
import { t } from '../../app/i18n';
import { localMoney } from '../../app/i18n/money';
import './messages';

/** The pay button says what the visitor pays ('Pay €12.99'), unless the page gave its own label. */
export function payLabel(attributes: PaymentAttributes, total: Money | undefined): string {
  return attributes.submitLabel ?? (total ? t('payment.payAmount', [localMoney(total)]) : t('payment.pay'));
}
