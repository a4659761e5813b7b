/**
 * Product selection rules (purchase spec §2): where the products come from, the grid's column
 * size, and how a pick changes the basket. Pure functions, tested on their own.
 */
import type { Basket, BasketProduct, PaymentPlan, Product } from '@foyer/api/widget';
import { removeProduct, withProducts } from './basketChange';

export interface SelectionSource {
  groupName: string | undefined;
  productName: string | undefined;
  /** Plan ids to keep (empty: all). */
  paymentPlans: string[];
  /** The `id` attribute: the one product to show (its id, `_id` or `productId`). */
  productId: string | undefined;
}

const fromQuery = (query: Record<string, string>, name: string): string | undefined => query[name]?.trim() || undefined;

/** The page's query parameters groupName, productName and paymentPlans override the attributes. */
export function resolveSource(
  attributes: {
    groupName?: string | undefined;
    productName?: string | undefined;
    paymentPlans: string[];
    id?: string | undefined;
  },
  query: Record<string, string>,
): SelectionSource {
  const queryPlans = fromQuery(query, 'paymentPlans');
  const groupName = fromQuery(query, 'groupName');
  const productName = fromQuery(query, 'productName');
  // A page that names what to show in its URL names it wholly: the attributes' group or product go.
  const named = groupName || productName ? { groupName, productName } : attributes;
  return {
    groupName: named.groupName,
    productName: named.productName,
    paymentPlans: queryPlans
      ? queryPlans
          .split(',')
          .map((plan) => plan.trim())
          .filter(Boolean)
      : attributes.paymentPlans,
    productId: attributes.id?.trim() || undefined,
  };
}

/**
 * The `id` attribute names one product of what was loaded (purchase spec §2 attributes, §3
 * Product `_id or id`): only it is shown. Null when none has that id (the caller says bex0004).
 */
export function keepProduct(products: Product[], productId: string | undefined): Product[] | null {
  if (!productId) return products;
  const named = products.filter((product) => [product.id, product._id, product.productId].includes(productId));
  return named.length ? named : null;
}

/** Bootstrap columns on wide screens: 12 / product count, but not below the minimum. */
export function columnSize(productCount: number, minColSize: number): number {
  const even = Math.floor(12 / Math.max(1, productCount));
  return Math.min(12, Math.max(even, minColSize));
}

/** Bundles are bought with their bundlePlans, other products with their paymentPlans. */
export function plansOf(product: Product): PaymentPlan[] {
  return product.type === 'BUNDLE' ? product.bundlePlans : product.paymentPlans;
}

/** Keeps only the given plans (by id, or by name), and drops products left without any. */
export function keepPlans(products: Product[], planIds: readonly string[]): Product[] {
  if (!planIds.length) return products;
  const keep = (plan: PaymentPlan) => planIds.includes(plan._id) || planIds.includes(plan.name);
  return products
    .map((product) =>
      product.type === 'BUNDLE'
        ? { ...product, bundlePlans: product.bundlePlans.filter(keep) }
        : { ...product, paymentPlans: product.paymentPlans.filter(keep) },
    )
    .filter((product) => plansOf(product).length > 0);
}

/** The basket line of a pick: what the summary shows, and the plan id the order names. */
export function basketLine(product: Product, plan: PaymentPlan): BasketProduct {
  return {
    name: product.name,
    displayName: product.displayName,
    type: product.type,
    requiresDeliveryAddress: product.requiresDeliveryAddress,
    requiresBillingAddress: product.requiresBillingAddress,
    paymentPlan: {
      _id: plan._id,
      name: plan.name,
      displayName: plan.displayName,
      description: plan.description,
      frequency: plan.frequency,
      currency: plan.currency,
      // Purchase spec §2, §3: the plan's price, the trial price when it has one, else the final price.
      price: plan.price,
    },
  };
}

/** The plan id picked for a product in the basket, if any. */
export function pickedPlan(basket: Basket, productName: string): string | undefined {
  return basket.products.find((line) => line.name === productName)?.paymentPlan._id;
}

/**
 * One plan per product; picking the picked plan again deselects it; without multiSelect a new
 * pick clears the other products' picks. Subscribed plans cannot be picked.
 */
export function togglePick(basket: Basket, product: Product, plan: PaymentPlan, multiSelect: boolean): Basket {
  if (plan.subscribed) return basket;
  if (pickedPlan(basket, product.name) === plan._id) {
    return removeProduct(basket, product.name);
  }
  return choosePlan(basket, product, plan, multiSelect);
}

/** Picks a plan (no toggling): the pre-selection of a single given plan. */
export function choosePlan(basket: Basket, product: Product, plan: PaymentPlan, multiSelect: boolean): Basket {
  if (plan.subscribed || pickedPlan(basket, product.name) === plan._id) return basket;
  const others = multiSelect ? basket.products.filter((line) => line.name !== product.name) : [];
  const line = basketLine(product, plan);
  // Keep the product's place in a multi-pick basket, so the summary's numbering stays put.
  const index = basket.products.findIndex((existing) => existing.name === product.name);
  const products = [...others];
  products.splice(multiSelect && index >= 0 ? index : products.length, 0, line);
  return withProducts(basket, products);
}
