/**
 * The version 1 basket's lines (purchase spec §3, §9), as pure functions: a basket is created when
 * the first product is added, each product has one line (one plan) with quantity 1, seller and
 * purchaseReason '1'. Prices are copies for display: the server prices the order again.
 */
import { V1_PURCHASE_REASON, V1_QUANTITY, V1_SELLER, type V1Basket, type V1BasketProduct } from '@foyer/api/v1';

/** What a widget adds: one plan of one product. */
export type V1Choice = Pick<V1BasketProduct, 'productId' | 'name' | 'description' | 'price' | 'planId' | 'currency'>;

/** No print delivery code chosen (purchase spec §5: 0/1 digits or -1). */
export const NO_PRINT_DELIVERY_CODE = '-1';

const metaData = () => ({
  printDeliveryCode: NO_PRINT_DELIVERY_CODE,
  seller: V1_SELLER,
  purchaseReason: V1_PURCHASE_REASON,
});

/** A GUID for the basket's `_id` (purchase spec §5 wants it GUID-shaped). */
export function newGuid(random: Crypto = crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface NewBasketContext {
  /** The session's account; absent for a visitor not logged in (set at login, see sync.ts). */
  accountId: string | undefined;
  now: number;
  guid: () => string;
}

/** The basket with `choice` as its line for that product (a product has one plan at a time). */
export function withProduct(basket: V1Basket | null, choice: V1Choice, context: NewBasketContext): V1Basket {
  const line: V1BasketProduct = { ...choice, quantity: V1_QUANTITY, productMetaData: metaData() };
  if (!basket) {
    return {
      _id: context.guid(),
      // Empty until the visitor logs in: the login sync sets it (sync.ts).
      accountId: context.accountId ?? '',
      products: [line],
      startDate: context.now,
      productMetaData: metaData(),
    };
  }
  const others = basket.products.filter((product) => product.productId !== choice.productId);
  return { ...basket, products: [...others, line] };
}

/** The basket without that product's line; null once empty (the basket is gone then). */
export function withoutProduct(basket: V1Basket | null, productId: string): V1Basket | null {
  if (!basket) return null;
  const products = basket.products.filter((product) => product.productId !== productId);
  return products.length ? { ...basket, products } : null;
}

/** The plan chosen for a product, if it is in the basket. */
export function chosenPlan(basket: V1Basket | null, productId: string): string | undefined {
  return basket?.products.find((product) => product.productId === productId)?.planId;
}

/**
 * The basket's total (purchase spec §9): the sum rounded to 4 decimals, shown with the widget's
 * configured decimals (default 0). null for an empty basket or mixed currencies (no one total).
 */
export function v1Total(basket: V1Basket | null, decimals: number): { amount: string; currency: string } | null {
  const products = basket?.products ?? [];
  const currency = products[0]?.currency;
  if (!currency || products.some((product) => product.currency !== currency)) return null;
  const sum = products.reduce((total, product) => total + product.price * product.quantity, 0);
  const rounded = Math.round(sum * 10_000) / 10_000;
  return { amount: rounded.toFixed(decimals), currency };
}
