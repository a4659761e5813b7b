/**
 * The product catalogue: configured in seed-config.ts (prices as decimal strings in major units),
 * stored by the seed with prices in integer minor units, and turned into the API's product shape
 * here. Every price the server charges comes from these rows.
 */
import {
  fromMinorUnits,
  getCurrency,
  isCurrencyCode,
  PLAN_FREQUENCIES,
  toMinorUnits,
  type Money,
  type PaymentPlan,
  type Product,
} from '@foyer/api';
import type { CatalogueConfig, CataloguePlanConfig, CatalogueProductConfig } from '@foyer/api/config';
import type { Db } from '../db';
import { cachedRead, invalidateReads } from '../db/read-cache';
import { findAccountByGuid } from '../identity/store';

/** The catalogue's configuration: one definition, the configuration schema's. */
export type { CatalogueConfig, CatalogueProductConfig, CataloguePlanConfig } from '@foyer/api/config';

/** A plan as stored: prices in minor units. */
export interface StoredPlan extends Omit<CataloguePlanConfig, 'finalPrice' | 'trialPrice'> {
  finalPriceMinor: number;
  trialPriceMinor?: number;
}

export interface StoredProduct extends Omit<CatalogueProductConfig, 'plans'> {
  plans: StoredPlan[];
}

function storePlan(product: string, plan: CataloguePlanConfig): StoredPlan {
  if (!isCurrencyCode(plan.currency)) throw new Error(`Seed: plan ${plan.id} of ${product} has unknown currency`);
  if (!PLAN_FREQUENCIES.includes(plan.frequency)) throw new Error(`Seed: plan ${plan.id} has unknown frequency`);
  const { finalPrice, trialPrice, ...rest } = plan;
  try {
    const stored: StoredPlan = { ...rest, finalPriceMinor: toMinorUnits(finalPrice, plan.currency) };
    if (trialPrice !== undefined) stored.trialPriceMinor = toMinorUnits(trialPrice, plan.currency);
    if (stored.finalPriceMinor < 0 || (stored.trialPriceMinor ?? 0) < 0) throw new RangeError('negative price');
    return stored;
  } catch (error) {
    throw new Error(`Seed: plan ${plan.id} of ${product} has an invalid price (${String(error)})`, { cause: error });
  }
}

/** An audience only makes sense on something hidden: a visible one is everyone's. */
function checkAudience(what: string, item: { hidden?: boolean; visibleToRoles?: string[] }): void {
  if (item.visibleToRoles && !item.hidden) throw new Error(`Seed: ${what} has visibleToRoles but is not hidden`);
}

/**
 * Checks the configuration and converts prices; throws on the first problem. `assignableRoles`
 * are the roles some service lets users give themselves: none may open a hidden product or plan.
 */
export function storedCatalogue(config: CatalogueConfig, assignableRoles: readonly string[] = []): StoredProduct[] {
  const names = new Set<string>();
  const planIds = new Set<string>();
  const products = config.products.map((product): StoredProduct => {
    if (names.has(product.name)) throw new Error(`Seed: product ${product.name} is defined twice`);
    names.add(product.name);
    checkAudience(`product ${product.name}`, product);
    for (const plan of product.plans) {
      if (planIds.has(plan.id)) throw new Error(`Seed: plan id ${plan.id} is used twice`);
      planIds.add(plan.id);
      checkAudience(`plan ${plan.id}`, plan);
    }
    const selfGiven = [product, ...product.plans]
      .flatMap((item) => item.visibleToRoles ?? [])
      .filter((role) => assignableRoles.includes(role));
    if (selfGiven.length) {
      throw new Error(
        `Seed: product ${product.name} is sold to roles users may give themselves (assignableRoles): ${selfGiven.join(', ')}`,
      );
    }
    return { ...product, plans: product.plans.map((plan) => storePlan(product.name, plan)) };
  });
  for (const group of config.groups) {
    const unknown = [...group.products, ...(group.recommended ?? [])].filter((name) => !names.has(name));
    if (unknown.length) throw new Error(`Seed: group ${group.name} names unknown products: ${unknown.join(', ')}`);
  }
  return products;
}

/** Writes the catalogue in the seed's transaction; products and groups are replaced in place. */
export async function seedCatalogue(tx: Db, config: CatalogueConfig): Promise<void> {
  invalidateReads();
  for (const product of storedCatalogue(config)) {
    await tx.query(
      `INSERT INTO catalogue_products (name, service_name, body) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET service_name = $2, body = $3`,
      [product.name, product.serviceName, JSON.stringify(product)],
    );
  }
  for (const group of config.groups) {
    await tx.query(
      `INSERT INTO product_groups (name, display_name, product_names, recommended) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET display_name = $2, product_names = $3, recommended = $4`,
      [group.name, group.displayName, JSON.stringify(group.products), JSON.stringify(group.recommended ?? [])],
    );
  }
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The whole catalogue, read once per READ_CACHE_TTL_MS (it is small and read on every page view). */
export function allProducts(db: Db): Promise<Map<string, StoredProduct>> {
  return cachedRead(db, 'catalogue_products', async () => {
    const rows = await db.query<{ name: string; body: unknown }>('SELECT name, body FROM catalogue_products');
    return new Map(rows.map((row) => [row.name, json<StoredProduct>(row.body)]));
  });
}

export async function findProduct(db: Db, name: string): Promise<StoredProduct | null> {
  return (await allProducts(db)).get(name) ?? null;
}

export async function findProducts(db: Db, names: readonly string[]): Promise<Map<string, StoredProduct>> {
  const all = await allProducts(db);
  const found = new Map<string, StoredProduct>();
  for (const name of names) {
    const product = all.get(name);
    if (product) found.set(name, product);
  }
  return found;
}

export function findGroup(
  db: Db,
  name: string,
): Promise<{ name: string; displayName: string; products: string[]; recommended: string[] } | null> {
  return cachedRead(db, `product_group:${name}`, () => readGroup(db, name));
}

async function readGroup(
  db: Db,
  name: string,
): Promise<{ name: string; displayName: string; products: string[]; recommended: string[] } | null> {
  const rows = await db.query<{ name: string; display_name: string; product_names: unknown; recommended: unknown }>(
    'SELECT name, display_name, product_names, recommended FROM product_groups WHERE name = $1',
    [name],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    name: row.name,
    displayName: row.display_name,
    products: json<string[]>(row.product_names),
    recommended: json<string[]>(row.recommended),
  };
}

export function money(amount: number, currency: string): Money {
  return { amount, currency, display: fromMinorUnits(amount, currency) };
}

/** The first charge of a plan: the trial price when there is one. */
export function firstChargeMinor(plan: StoredPlan): number {
  return plan.trialPriceMinor ?? plan.finalPriceMinor;
}

function currencyInfo(code: string): PaymentPlan['currency'] {
  const currency = getCurrency(code);
  return { code: currency.code, symbol: currency.symbol, decimalDigits: currency.decimalDigits };
}

function toPlan(plan: StoredPlan, subscribed: ReadonlySet<string>): PaymentPlan {
  const shown: PaymentPlan = {
    _id: plan.id,
    name: plan.id,
    displayName: plan.displayName,
    description: plan.description,
    currency: currencyInfo(plan.currency),
    // The first charge the order takes, and the price of every period (purchase spec §3).
    price: money(firstChargeMinor(plan), plan.currency),
    planPrice: money(plan.finalPriceMinor, plan.currency),
    finalPrice: money(plan.finalPriceMinor, plan.currency),
    frequency: { id: plan.frequency },
    boosted: plan.boosted ?? false,
    recommended: plan.recommended ?? false,
    hidden: plan.hidden ?? false,
    subscribed: subscribed.has(plan.id),
  };
  if (plan.displayText !== undefined) shown.displayText = plan.displayText;
  if (plan.trialPriceMinor !== undefined) shown.trialPrice = money(plan.trialPriceMinor, plan.currency);
  if (plan.products) shown.products = plan.products;
  return shown;
}

/**
 * Whether an account holding `roles` may see and buy `item`, a product or a plan: anyone a
 * visible one, only its audience a hidden one (CatalogueProductConfig.hidden).
 */
export function offeredTo(item: { hidden?: boolean; visibleToRoles?: string[] }, roles: readonly string[]): boolean {
  return !item.hidden || (item.visibleToRoles ?? []).some((role) => roles.includes(role));
}

/** The roles that open hidden products and plans to the account `guid`: none for a visitor. */
export async function catalogueRoles(db: Db, guid: string | null): Promise<string[]> {
  if (!guid) return [];
  return (await findAccountByGuid(db, guid))?.roles ?? [];
}

export interface ProductView {
  /**
   * The roles of the account asking with `showHidden=true` (catalogueRoles): its hidden plans are
   * shown. Empty without showHidden or a session: only visible plans.
   */
  hiddenFor: readonly string[];
  /** Keep only these plans (the product call's repeated paymentPlan). */
  planIds?: readonly string[] | undefined;
  recommended: boolean;
  subscribed: ReadonlySet<string>;
}

export function toProduct(product: StoredProduct, view: ProductView): Product {
  const plans = product.plans
    .filter((plan) => offeredTo(plan, view.hiddenFor))
    .filter((plan) => !view.planIds?.length || view.planIds.includes(plan.id))
    .map((plan) => toPlan(plan, view.subscribed));
  const type = product.type ?? 'PLAIN';
  const shown: Product = {
    _id: product.name,
    id: product.name,
    name: product.name,
    displayName: product.displayName,
    type,
    serviceName: product.serviceName,
    productId: product.name,
    features: product.features ?? [],
    boosted: product.boosted ?? false,
    recommended: view.recommended || (product.recommended ?? false),
    hidden: product.hidden ?? false,
    requiresDeliveryAddress: product.requiresDeliveryAddress ?? false,
    requiresBillingAddress: product.requiresBillingAddress ?? false,
    paymentPlans: type === 'BUNDLE' ? [] : plans,
    bundlePlans: type === 'BUNDLE' ? plans : [],
  };
  if (product.imageUrl !== undefined) shown.imageUrl = product.imageUrl;
  if (product.notes !== undefined) shown.notes = product.notes;
  const from = fromPrice(plans);
  if (from) {
    shown.price = from;
    shown.currency = currencyInfo(from.currency);
  }
  return shown;
}

/**
 * A product's price (purchase spec §3 Product.price): the lowest first charge among the plans
 * shown, in the first plan's currency (a product sold in several currencies is not compared
 * across them); none without plans.
 */
function fromPrice(plans: readonly PaymentPlan[]): PaymentPlan['price'] | undefined {
  const currency = plans[0]?.price.currency;
  const same = plans.filter((plan) => plan.price.currency === currency);
  return same.reduce<PaymentPlan['price'] | undefined>(
    (lowest, plan) => (lowest && lowest.amount <= plan.price.amount ? lowest : plan.price),
    undefined,
  );
}

/**
 * Plan ids the user holds a subscription on: ACTIVE, awaiting payment, or PAST_DUE (still theirs
 * while its payment is retried). CANCELLED and EXPIRED ones may be bought again at once.
 */
export async function subscribedPlanIds(db: Db, guid: string | null): Promise<Set<string>> {
  if (!guid) return new Set();
  const rows = await db.query<{ plan_id: string }>(
    `SELECT s.plan_id FROM subscriptions s WHERE s.guid = $1 AND s.status IN ('ACTIVE', 'ACTIVE_PENDING', 'PAST_DUE')`,
    [guid],
  );
  return new Set(rows.map((row) => row.plan_id));
}
