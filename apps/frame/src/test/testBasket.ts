import type { Basket } from '@foyer/api/widget';
import type { Harness } from './harness';
import { writeBasket } from '../app/store/basketStorage';

/**
 * Tests: another frame of the harness's page changes the basket: it stores it (where storage is
 * granted) and tells its siblings over the channel, as saveBasket does.
 */
export function basketFromAnotherFrame(harness: Harness, basket: Basket | null): void {
  const next = writeBasket(harness.storage.tab, basket);
  const other = harness.sibling();
  other.publish('basket', next);
  other.close();
}
