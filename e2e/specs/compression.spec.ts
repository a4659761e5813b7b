/**
 * Compression on the wire (issue 29): the loader, the frame page and the frame's assets reach
 * Chromium as brotli, and a visitor whose client refuses compression still logs in.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { DEMO_ACCOUNT, stack } from '../support/stack';
import { LoginWidget, ProfileWidget } from '../support/widgets';

/** The widgets origin's answers while `page` loads the demo's login page, until the form shows. */
async function loginPageResponses(page: Page): Promise<Response[]> {
  const widgetsOrigin = new URL(stack.widgetsUrl).origin;
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).origin === widgetsOrigin) responses.push(response);
  });
  await page.goto(`${stack.demoUrl}/login`);
  await expect(new LoginWidget(page).email).toBeVisible();
  return responses;
}

const pathOf = (response: Response) => new URL(response.url()).pathname;

test('the loader, the frame page and the frame assets arrive as brotli, with Vary', async ({ page }) => {
  const responses = await loginPageResponses(page);
  const files = responses.filter((response) => /^\/(?:[\w.-]+\.js|w\/.+|assets\/.+)$/.test(pathOf(response)));
  expect(files.map(pathOf)).toEqual(
    expect.arrayContaining(['/loader.js', '/w/login', expect.stringMatching(/^\/assets\/lib-core-.+\.js$/)]),
  );
  for (const response of files) {
    const headers = await response.allHeaders();
    expect(headers.vary?.toLowerCase(), pathOf(response)).toContain('accept-encoding');
    // The build keeps no copy where it would not be smaller (a few hundred bytes of CSS).
    if ((await response.body()).length < 512) continue;
    expect(headers['content-encoding'], pathOf(response)).toBe('br');
  }
});

test('a client that refuses compression gets the files as they are, and logs in', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'identity' } });
  try {
    const page = await context.newPage();
    const responses = await loginPageResponses(page);
    const loader = responses.find((response) => pathOf(response) === '/loader.js');
    expect(loader).toBeDefined();
    for (const response of responses) {
      expect((await response.allHeaders())['content-encoding'], pathOf(response)).toBeUndefined();
    }
    await new LoginWidget(page).logIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await expect(new ProfileWidget(page).frame.getByText(DEMO_ACCOUNT.email)).toBeVisible();
  } finally {
    await context.close();
  }
});
