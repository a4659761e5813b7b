/**
 * Purchase spec §5 "Version 1 order validation before payment", as one pure function: the v1
 * checkout runs it before posting the transaction (any problem → 400 v1_order_invalid, 'Client-side
 * validation failed'), and the server runs it again on every order and transaction it receives.
 */
import { isDeliveryDay } from '../widget/dates';
import {
  GUID_PATTERN,
  PRINT_DELIVERY_CODE_PATTERN,
  V1_PAYMENT_TYPE_PATTERN,
  V1_PURCHASE_REASON,
  V1_QUANTITY,
  V1_SELLER,
  type V1Basket,
  type V1ProductMetaData,
} from './schemas';

export interface V1OrderProblem {
  /** Dotted path of the field (`products.0.planId`, `productMetaData.seller`). */
  field: string;
  /** Developer text in English; the visitor sees the catalogue's v1_order_invalid text. */
  message: string;
}

const DAY_MS = 24 * 60 * 60_000;
/** A start date may lie this far in the past (the basket may have been filled yesterday). */
const START_DATE_PAST_MS = DAY_MS;
/** … and at most this far ahead. */
const START_DATE_FUTURE_MS = 366 * DAY_MS;

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const blank = (value: string | undefined) => value === undefined || value.trim() === '';

/**
 * What the catalogue says of the basket's products, which the basket itself does not carry. The
 * checkout reads it from the product-manager service (the offers and
 * `GET /spi/product/{productId}/startDeliveryDate`); the server from its catalogue.
 */
export interface V1OrderRules {
  /**
   * productId → the earliest first delivery day (`minDate`, `YYYY-MM-DD`) of each delivered
   * product in the basket: its line must name a start delivery date, not before that day.
   */
  minStartDeliveryDates?: Readonly<Record<string, string>>;
  /**
   * The products that need a delivery (or a billing) address: their line, or the basket, must
   * carry one — or the other kind, which stands in for it (purchase spec §5 "unless the other
   * address is reused").
   */
  requiresDeliveryAddress?: readonly string[];
  requiresBillingAddress?: readonly string[];
}

const hasAddress = (address: V1ProductMetaData['deliveryAddress']) => !!(address?.id || address?.values);

/** The first delivery day a line asks for: its own metadata's, else the basket's. */
export function startDeliveryDateOf(basket: V1Basket, index: number): string | undefined {
  const line = basket.products[index];
  if (!line) return undefined;
  return (
    line.productMetaData?.startDeliveryDate?.[line.productId] ??
    basket.productMetaData?.startDeliveryDate?.[line.productId]
  );
}

function checkMetaData(
  metaData: V1ProductMetaData | undefined,
  field: string,
  productIds: ReadonlySet<string>,
  today: string,
  problems: V1OrderProblem[],
): void {
  if (!metaData) {
    problems.push({ field, message: 'is required' });
    return;
  }
  const code = metaData.printDeliveryCode;
  if (blank(code)) problems.push({ field: `${field}.printDeliveryCode`, message: 'is required' });
  else if (!PRINT_DELIVERY_CODE_PATTERN.test(code ?? ''))
    problems.push({ field: `${field}.printDeliveryCode`, message: 'must be 0/1 digits or -1' });
  if (metaData.seller !== V1_SELLER) problems.push({ field: `${field}.seller`, message: `must be '${V1_SELLER}'` });
  if (metaData.purchaseReason !== V1_PURCHASE_REASON)
    problems.push({ field: `${field}.purchaseReason`, message: `must be '${V1_PURCHASE_REASON}'` });
  for (const [productId, date] of Object.entries(metaData.startDeliveryDate ?? {})) {
    const at = `${field}.startDeliveryDate.${productId}`;
    if (!productIds.has(productId)) problems.push({ field: at, message: 'names a product that is not in the basket' });
    else if (!isCalendarDate(date)) problems.push({ field: at, message: 'is not a valid date' });
    else if (date < today) problems.push({ field: at, message: 'is in the past' });
  }
}

/**
 * The problems that keep `basket` from being paid (an empty list when it may be). `now` (epoch
 * ms) bounds the start dates: not before yesterday, at most a year ahead. `rules` adds what the
 * catalogue knows: delivered products need a start delivery date not before their `minDate`.
 */
export function validateV1Order(
  basket: V1Basket,
  now: number = Date.now(),
  rules: V1OrderRules = {},
): V1OrderProblem[] {
  const problems: V1OrderProblem[] = [];
  const today = new Date(now).toISOString().slice(0, 10);
  if (!GUID_PATTERN.test(basket._id)) problems.push({ field: '_id', message: 'must be a GUID' });
  if (!GUID_PATTERN.test(basket.accountId)) problems.push({ field: 'accountId', message: 'must be a GUID' });
  if (!V1_PAYMENT_TYPE_PATTERN.test(basket.paymentType ?? ''))
    problems.push({ field: 'paymentType', message: 'must be online or offline with CAU, REC or FAC (online-CAU)' });
  if (basket.products.length === 0) problems.push({ field: 'products', message: 'must have at least one product' });
  if (basket.startDate !== undefined) {
    const { startDate } = basket;
    if (!Number.isSafeInteger(startDate)) problems.push({ field: 'startDate', message: 'is not a valid date' });
    else if (startDate < now - START_DATE_PAST_MS || startDate > now + START_DATE_FUTURE_MS)
      problems.push({ field: 'startDate', message: 'must be between yesterday and a year from now' });
  }
  const productIds = new Set(basket.products.map((product) => product.productId));
  const planIds = new Set<string>();
  basket.products.forEach((product, index) => {
    const at = `products.${index}`;
    for (const key of ['productId', 'name', 'description', 'planId', 'currency'] as const)
      if (blank(product[key])) problems.push({ field: `${at}.${key}`, message: 'is required' });
    if (!Number.isFinite(product.price) || product.price < 0)
      problems.push({ field: `${at}.price`, message: 'must be a price' });
    if (!/^[A-Z]{3}$/.test(product.currency))
      problems.push({ field: `${at}.currency`, message: 'must be an ISO 4217 code' });
    if (product.quantity !== V1_QUANTITY) problems.push({ field: `${at}.quantity`, message: `must be ${V1_QUANTITY}` });
    if (planIds.has(product.planId)) problems.push({ field: `${at}.planId`, message: 'is in the basket twice' });
    planIds.add(product.planId);
    checkMetaData(product.productMetaData, `${at}.productMetaData`, productIds, today, problems);
    const minDate = rules.minStartDeliveryDates?.[product.productId];
    if (minDate !== undefined) {
      const date = startDeliveryDateOf(basket, index);
      const field = `${at}.productMetaData.startDeliveryDate.${product.productId}`;
      if (date === undefined) problems.push({ field, message: 'is required: the product is delivered' });
      else if (isCalendarDate(date) && date < minDate)
        problems.push({ field, message: `must be ${minDate} or later (the first possible delivery)` });
      else if (isCalendarDate(date) && !isDeliveryDay(date))
        problems.push({ field, message: 'must be a delivery day (Monday to Friday)' });
    }
    const own = (key: 'deliveryAddress' | 'billingAddress') =>
      hasAddress(product.productMetaData?.[key]) || hasAddress(basket.productMetaData?.[key]);
    const anyAddress = own('deliveryAddress') || own('billingAddress');
    if (rules.requiresDeliveryAddress?.includes(product.productId) && !anyAddress)
      problems.push({
        field: `${at}.productMetaData.deliveryAddress`,
        message: 'is required: the product is delivered',
      });
    if (rules.requiresBillingAddress?.includes(product.productId) && !anyAddress)
      problems.push({ field: `${at}.productMetaData.billingAddress`, message: 'is required: the product is billed' });
  });
  checkMetaData(basket.productMetaData, 'productMetaData', productIds, today, problems);
  return problems;
}
