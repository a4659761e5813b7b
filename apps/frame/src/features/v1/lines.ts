/**
 * The version 1 basket's lines (purchase spec §3, §9), as pure functions: a basket is created when
 * the first product is added, each product has one line (one plan) with quantity 1, seller and
 * purchaseReason '1'. Prices are copies for display: the server prices the order again.
 */
import type { SavedAddress } from '@foyer/api/widget';
import {
  startDeliveryDateOf,
  V1_PURCHASE_REASON,
  V1_QUANTITY,
  V1_SELLER,
  type V1Basket,
  type V1BasketProduct,
  type V1ProductMetaData,
} from '@foyer/api/v1';
import type { V1LineRules } from './lineRules';

/** What a widget adds: one plan of one product. */
export type V1Choice = Pick<V1BasketProduct, 'productId' | 'name' | 'description' | 'price' | 'planId' | 'currency'>;

/** No print delivery code chosen (purchase spec §5: 0/1 digits or -1). */
export const NO_PRINT_DELIVERY_CODE = '-1';

const metaData = (): V1ProductMetaData => ({
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

/** The basket with that product line's start delivery date (`YYYY-MM-DD`; null: none). */
export function withStartDeliveryDate(
  basket: V1Basket | null,
  productId: string,
  date: string | null,
): V1Basket | null {
  if (!basket) return null;
  const products = basket.products.map((line) => {
    if (line.productId !== productId) return line;
    const { startDeliveryDate: _dropped, ...rest } = line.productMetaData ?? metaData();
    return { ...line, productMetaData: date ? { ...rest, startDeliveryDate: { [productId]: date } } : rest };
  });
  return { ...basket, products };
}

/** A line's start delivery date: its own, else the basket's. */
export function startDeliveryDateOfLine(basket: V1Basket | null, productId: string): string | undefined {
  const index = basket?.products.findIndex((line) => line.productId === productId) ?? -1;
  return basket && index >= 0 ? startDeliveryDateOf(basket, index) : undefined;
}

/**
 * Delivered lines without a start delivery date get the earliest one (the visitor may pick a
 * later day). The same basket when nothing was missing, so callers can tell.
 */
export function withDefaultDeliveryDates(basket: V1Basket | null, rules: V1LineRules): V1Basket | null {
  let next = basket;
  for (const line of basket?.products ?? []) {
    const minDate = rules[line.productId]?.minDate;
    if (minDate && startDeliveryDateOfLine(next, line.productId) === undefined)
      next = withStartDeliveryDate(next, line.productId, minDate);
  }
  return next;
}

/**
 * The account's saved addresses (the profile's address groups, purchase spec §3) put on the lines
 * that need them: the latest of the kind, else the latest of the other kind (either stands in for
 * the other, purchase spec §5). A line that already names one keeps it. `missing`: a line needs an
 * address and the account has none saved.
 */
export function withSavedAddresses(
  basket: V1Basket,
  rules: V1LineRules,
  saved: readonly SavedAddress[],
): { basket: V1Basket; missing: boolean } {
  const latest = (kind: SavedAddress['kind']) => saved.filter((address) => address.kind === kind).at(-1);
  const pick = (kind: SavedAddress['kind']) => latest(kind) ?? latest(kind === 'delivery' ? 'billing' : 'delivery');
  let missing = false;
  const products = basket.products.map((line) => {
    const rule = rules[line.productId];
    let meta = line.productMetaData ?? metaData();
    for (const [kind, key, needed] of [
      ['delivery', 'deliveryAddress', rule?.delivered],
      ['billing', 'billingAddress', rule?.billed],
    ] as const) {
      if (!needed || meta[key]?.id || meta[key]?.values) continue;
      const address = pick(kind);
      if (address) meta = { ...meta, [key]: { id: address.id } };
      else missing = true;
    }
    return meta === line.productMetaData ? line : { ...line, productMetaData: meta };
  });
  return { basket: { ...basket, products }, missing };
}
