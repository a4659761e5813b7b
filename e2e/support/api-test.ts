import { test as base, type Page, type TestInfo } from '@playwright/test';
import { frameHeaders } from '@foyer/api/frame-headers';
import { stack } from './stack';

/**
 * Attaches what each frame of the page shows to a failed test: CI keeps only the printed log, and a
 * frame's own message (an error box, a spinner) is often the cause a locator's timeout cannot tell.
 * One attachment per frame, its lines joined: the list reporter prints 300 characters of each.
 */
async function attachFramesText(page: Page, testInfo: TestInfo): Promise<void> {
  for (const frame of page.frames()) {
    const text = await frame
      .evaluate(() => document.body?.innerText ?? '')
      .catch((error: unknown) => `(unreadable: ${String(error)})`);
    const body = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ¦ ');
    const name = frame === page.mainFrame() ? 'the page' : new URL(frame.url()).pathname;
    await testInfo.attach(`shown by ${name}`, { body, contentType: 'text/plain' });
  }
}

/**
 * Playwright's `test` whose `request` fixture sends a demo frame's token with every call, for
 * specs that set up their data through the API (orders, payments, invitations) as a frame would.
 * A failed test attaches what its page's frames showed.
 */
export const test = base.extend({
  request: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ extraHTTPHeaders: await frameHeaders(stack.widgetsUrl) });
    await use(request);
    await request.dispose();
  },
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) await attachFramesText(page, testInfo);
  },
});
