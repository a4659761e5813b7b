/**
 * The basket's persistence: sessionStorage under `basket` (purchase spec §3, §9). Every purchase
 * frame of the page runs on the widgets origin in the same tab, so they share this one storage
 * area. A stored value that fails the schema counts as an empty basket.
 */
import { BASKET_KEY, basketSchema, EMPTY_BASKET, type Basket } from '@foyer/api/widget';

/** The stored basket (empty when none or broken); null when the browser refuses the storage. */
export function readStoredBasket(storage: Storage | null): Basket | null {
  if (!storage) return null;
  let text: string | null;
  try {
    text = storage.getItem(BASKET_KEY);
  } catch {
    return null;
  }
  if (!text) return EMPTY_BASKET;
  try {
    const parsed = basketSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : EMPTY_BASKET;
  } catch {
    return EMPTY_BASKET;
  }
}

export function readBasket(storage: Storage | null): Basket {
  return readStoredBasket(storage) ?? EMPTY_BASKET;
}

/** Saves the basket (null, or no products and no order: removes it) and returns what was saved. */
export function writeBasket(storage: Storage | null, basket: Basket | null): Basket {
  const next = basket && (basket.products.length || basket.id) ? basket : EMPTY_BASKET;
  try {
    if (next === EMPTY_BASKET) storage?.removeItem(BASKET_KEY);
    else storage?.setItem(BASKET_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the store's copy still serves this frame.
  }
  return next;
}
