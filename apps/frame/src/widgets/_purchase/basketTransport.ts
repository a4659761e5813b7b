/**
 * How a frame hears that another frame of the page changed the basket: the browser fires
 * `storage` in every other same-origin document when one writes the shared sessionStorage (the
 * write itself is the announcement). The one place to change to use another transport.
 */
import { BASKET_KEY, type Basket } from '@foyer/api/widget';
import { readStoredBasket } from './basketStorage';

/** Calls `onChange` with the basket another frame stored; returns the function that stops listening. */
export function listenToOtherFrames(
  win: Window,
  storage: Storage | null,
  onChange: (basket: Basket) => void,
): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: the whole storage was cleared.
    if (event.key !== BASKET_KEY && event.key !== null) return;
    const basket = readStoredBasket(storage);
    if (basket) onChange(basket);
  };
  win.addEventListener('storage', onStorage);
  return () => win.removeEventListener('storage', onStorage);
}
