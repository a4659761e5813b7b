/**
 * The version 1 basket's persistence: sessionStorage under `evBasketKey` (purchase spec §3, §9),
 * the tab's storage every version 1 frame of the page shares. A stored value that fails the schema
 * counts as no basket.
 */
import { V1_BASKET_KEY, v1BasketSchema, type V1Basket } from '@foyer/api/v1';

/** The stored basket (null: none or broken); undefined when the browser refuses the storage. */
export function readStoredV1Basket(storage: Storage | null): V1Basket | null | undefined {
  if (!storage) return undefined;
  let text: string | null;
  try {
    text = storage.getItem(V1_BASKET_KEY);
  } catch {
    return undefined;
  }
  if (!text) return null;
  try {
    const parsed = v1BasketSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Saves the basket (null or no products: removes it) and returns what was saved. */
export function writeV1Basket(storage: Storage | null, basket: V1Basket | null): V1Basket | null {
  const next = basket && basket.products.length > 0 ? basket : null;
  try {
    if (next) storage?.setItem(V1_BASKET_KEY, JSON.stringify(next));
    else storage?.removeItem(V1_BASKET_KEY);
  } catch {
    // Storage full or blocked: the slice's copy still serves this frame.
  }
  return next;
}
