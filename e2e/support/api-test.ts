import { test as base } from '@playwright/test';
import { frameHeaders } from '@foyer/api/frame-headers';
import { stack } from './stack';

/**
 * Playwright's `test` whose `request` fixture sends a demo frame's token with every call, for
 * specs that set up their data through the API (orders, payments, invitations) as a frame would.
 */
export const test = base.extend({
  request: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ extraHTTPHeaders: await frameHeaders(stack.widgetsUrl) });
    await use(request);
    await request.dispose();
  },
});
