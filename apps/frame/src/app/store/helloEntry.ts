import type { FrameServices } from './services';

/**
 * The storage entry a social sign-in library leaves behind (`hello`); a registration's cancel
 * removes it (identity spec §3, §4), the password registration's and the social one's alike.
 */
export const HELLO_STORAGE_KEY = 'hello';

export function removeHelloEntry(storage: FrameServices['storage']): void {
  for (const store of [storage.tab, storage.persistent]) {
    try {
      store?.removeItem(HELLO_STORAGE_KEY);
    } catch {
      // Storage revoked: nothing to remove.
    }
  }
}
