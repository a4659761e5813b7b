import type { Page } from '@playwright/test';

/**
 * Waits until the sign-in popup has closed. The callback page closes it as soon as it has posted
 * the outcome, which can happen before a `close` listener is attached: an already-closed popup
 * would otherwise be waited for forever.
 */
export async function popupClosed(popup: Promise<Page>): Promise<void> {
  const opened = await popup;
  if (!opened.isClosed()) await opened.waitForEvent('close');
}
