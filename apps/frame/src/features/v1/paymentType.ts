/**
 * The version 1 basket's payment type (purchase spec §4): set on the basket, forced to the page's
 * default where it names one (setting `v1PaymentType`), and always one of the active payment
 * types (GET /widget/payment/types) in their v1 code (online/offline + CAU, REC or FAC).
 */
import type { PaymentTypeOption } from '@foyer/api/widget';
import type { V1Basket, V1PaymentType } from '@foyer/api/v1';
import { paymentTypeLabel } from '../payments';

export interface V1PaymentTypeOption {
  code: string;
  displayName: string;
}

/**
 * The version 1 code of each active payment type of the widget service: a card on the hosted page
 * is CAU (online), a direct-debit receipt REC and an invoice paid by transfer FAC (offline).
 */
const V1_CODES: Partial<Record<PaymentTypeOption['name'], V1PaymentType>> = {
  CARD: 'online-CAU',
  DIRECT_DEBIT: 'offline-REC',
  BANK_TRANSFER: 'offline-FAC',
};

/** The active payment types that have a version 1 code, in the service's order, named in the page's language. */
export function v1PaymentTypeOptions(active: readonly PaymentTypeOption[]): V1PaymentTypeOption[] {
  return active.flatMap((type) => {
    const code = V1_CODES[type.name];
    return code ? [{ code, displayName: paymentTypeLabel(type) }] : [];
  });
}

/**
 * The payment type the basket should carry: the forced default when it is active, else the
 * basket's own when active, else the first active one; undefined when none is active.
 */
export function resolvePaymentType(
  current: string | undefined,
  forced: string | undefined,
  options: readonly V1PaymentTypeOption[],
): string | undefined {
  const active = (code: string | undefined) => !!code && options.some((option) => option.code === code);
  if (active(forced)) return forced;
  if (active(current)) return current;
  return options[0]?.code;
}

/** The basket with that payment type (unchanged when it already has it). */
export function withPaymentType(basket: V1Basket | null, code: string | undefined): V1Basket | null {
  if (!basket || basket.paymentType === code) return basket;
  const { paymentType: _dropped, ...rest } = basket;
  return code ? { ...rest, paymentType: code } : rest;
}
