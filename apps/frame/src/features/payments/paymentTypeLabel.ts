/**
 * The name a visitor reads for a payment type. The server's `displayName` is English only, so the
 * frame's tables name the types it knows in the page's language; a type they do not know shows the
 * server's name rather than a code.
 */
import type { PaymentTypeOption } from '@foyer/api/widget';
import { hasTranslation, t } from '../../app/i18n';
import './messages';

export function paymentTypeLabel(type: PaymentTypeOption): string {
  const code = `payment.type.${type.name}`;
  return hasTranslation(code) ? t(code) : type.displayName;
}
