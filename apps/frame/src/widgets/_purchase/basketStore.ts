/**
 * The basket in sessionStorage under `basket` (purchase spec §3, §9). Every purchase frame of the
 * page runs on the widgets origin in the same tab, so they share this one storage area: a frame
 * that writes it updates its own listeners directly, and the browser's `storage` event tells the
 * page's other frames at once. A stored value that fails the schema counts as an empty basket.
 */
import { BASKET_KEY, basketSchema, EMPTY_BASKET, type Basket } from '@foyer/api/widget';

type Listener = (basket: Basket) => void;
const listeners = new Set<Listener>();

/** In-memory fallback when the browser refuses storage (third-party storage blocked). */
let memoryBasket: Basket = EMPTY_BASKET;

export function readBasket(storage: Storage | null): Basket {
  if (!storage) return memoryBasket;
  let text: string | null;
  try {
    text = storage.getItem(BASKET_KEY);
  } catch {
    return memoryBasket;
  }
  if (!text) return EMPTY_BASKET;
  try {
    const parsed = basketSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : EMPTY_BASKET;
  } catch {
    return EMPTY_BASKET;
  }
}

/** Saves the basket (null or no products and no order: removes it) and notifies this frame's listeners. */
export function writeBasket(storage: Storage | null, basket: Basket | null): Basket {
  const next = basket && (basket.products.length || basket.id) ? basket : EMPTY_BASKET;
  memoryBasket = next;
  try {
    if (next === EMPTY_BASKET) storage?.removeItem(BASKET_KEY);
    else storage?.setItem(BASKET_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the memory copy still serves this frame.
  }
  for (const listener of [...listeners]) listener(next);
  return next;
}

/**
 * Calls `listener` with the new basket whenever this frame or another frame of the page changes
 * it. Returns the unsubscribe function.
 */
export function subscribeBasket(win: Window, storage: Storage | null, listener: Listener): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: the whole storage was cleared.
    if (event.key === BASKET_KEY || event.key === null) listener(readBasket(storage));
  };
  listeners.add(listener);
  win.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    win.removeEventListener('storage', onStorage);
  };
}
