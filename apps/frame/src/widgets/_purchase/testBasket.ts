import { BASKET_KEY, type Basket } from '@foyer/api/widget';
import { writeBasket } from './basketStorage';

/** Tests: another frame of the page stores `basket`; the browser then fires `storage` in this one. */
export function basketFromAnotherFrame(storage: Storage, basket: Basket | null): void {
  writeBasket(storage, basket);
  window.dispatchEvent(new StorageEvent('storage', { key: BASKET_KEY }));
}
