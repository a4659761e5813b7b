import { expect, test, type Frame, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { frameHeaders } from '@foyer/api/frame-headers';
import { WIDGET_NAMES } from '@foyer/protocol';
import { BASE_THEME_COLOURS } from '@foyer/protocol/light';
import { layoutFaults } from '../support/layout';
import { apiSession, buyAndInvite, createCustomer, Shop, uniqueEmail } from '../support/purchase';
import { stack } from '../support/stack';
import {
  chooseAction,
  LoginWidget,
  mountOnLoaderOnly,
  ProfileWidget,
  untilFramesSettled,
  widgetFrame,
} from '../support/widgets';

/**
 * Every widget route on one page (the demo gallery), at a phone's (320, 390), a tablet's (768) and
 * a desktop's (1280) width, each in the light and the dark theme: no horizontal overflow, no clipped or
 * covered control, and axe's colour-contrast rule clean; in each main state: empty, after each
 * form was submitted empty (its error state), filled (the login typed in, a plan picked so the
 * summary has lines) and after success (logged in, a payment with an amount).
 * One page for all of it keeps this fast: the frames load once, the theme and the width change.
 */
/**
 * The protocol's public widget names, each served at `/w/<name>` (apps/frame/src/app/routes.test.ts
 * holds the frame's route table to exactly these): a new widget is checked without touching this file.
 */
const WIDGET_ROUTES: readonly string[] = WIDGET_NAMES;

/** Widths and the themes checked at each: both themes at every width. */
const WIDTHS = [320, 390, 768, 1280] as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });
// The two themes' tests share nothing (each its own page and customer): they may run at once.
test.describe.configure({ mode: 'parallel' });

/** A frame's widget route; '' for a frame that has no address yet (just attached) or is no widget. */
const routeOf = (frame: Frame) => (URL.canParse(frame.url()) ? new URL(frame.url()).pathname.replace('/w/', '') : '');
const widgetFrames = (page: Page): Frame[] => page.frames().filter((frame) => WIDGET_ROUTES.includes(routeOf(frame)));

async function settled(page: Page) {
  // Every frame has reported its height (the loader then drops the grey placeholder) and shows no spinner.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('iframe')].every((frame) => frame.style.backgroundColor === ''),
      ),
    )
    .toBe(true);
  await Promise.all(widgetFrames(page).map((frame) => expect(frame.locator('[aria-busy="true"]')).toHaveCount(0)));
}

async function check(page: Page, state: string) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(widths[0], `${state}: the gallery page overflows`).toBeLessThanOrEqual(widths[1]!);
  // All frames at once: each runs in its own renderer.
  const faults = await Promise.all(
    widgetFrames(page).map(async (frame) => {
      const where = `${state} ${new URL(frame.url()).pathname}`;
      const found = [...(await layoutFaults(frame)), ...(await axeViolations(frame, ['color-contrast']))];
      return found.map((fault) => `${where}: ${fault}`);
    }),
  );
  expect(faults.flat()).toEqual([]);
}

/** Focusing a field scrolls the page to its frame: back to the theme switcher, nothing focused. */
async function unfocus(page: Page) {
  await settled(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Places a widget at the end of the gallery (the loader places `data-foyer-widget` added later too). */
async function addToGallery(page: Page, widget: string, attributes: Record<string, string> = {}) {
  await page.evaluate(
    ({ widget, attributes }) => {
      const section = document.createElement('section');
      const heading = document.createElement('h2');
      heading.textContent = widget;
      const box = document.createElement('div');
      box.dataset.foyerWidget = widget;
      Object.assign(box.dataset, attributes);
      section.append(heading, box);
      document.querySelector('.gallery')!.append(section);
    },
    { widget, attributes },
  );
}

async function checkEveryView(page: Page, theme: Theme, state: string) {
  await page.getByRole('radio', { name: new RegExp(`^${theme}$`, 'i') }).check();
  await Promise.all(
    widgetFrames(page).map((frame) => expect(frame.locator('html')).toHaveAttribute('data-theme', theme)),
  );
  // The theme's tokens apply (the shared base colours the frames' styles are held to).
  const background = BASE_THEME_COLOURS[theme].background;
  const backgrounds = await Promise.all(
    widgetFrames(page).map((frame) =>
      frame.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--foyer-color-background').trim(),
      ),
    ),
  );
  expect(new Set(backgrounds), `${state} ${theme}: the frames' background token`).toEqual(new Set([background]));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await settled(page);
    await check(page, `${state} ${theme} ${width} px`);
  }
}

// The gallery is what a site owner copies from: every widget on it is configured as a site would
// configure it, so none shows the configuration error instead of its first view.
test('every widget of the gallery takes its attributes: none reports a configuration error', async ({ page }) => {
  // Thirty-odd frames load at once; beside the two screens tests on a slow machine that takes a while.
  test.setTimeout(120_000);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/invalid configuration/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${stack.demoUrl}/gallery`);
  const placed = await page.locator('[data-foyer-widget]').count();
  await expect.poll(() => widgetFrames(page).length).toBe(placed);
  await settled(page);
  // Each frame has rendered its first view (or its error) by now: its body has text.
  await Promise.all(widgetFrames(page).map((frame) => expect(frame.locator('body')).not.toHaveText('')));
  const shown = await Promise.all(
    widgetFrames(page).map(async (frame) => `${routeOf(frame)}: ${await frame.locator('body').innerText()}`),
  );
  expect(shown.filter((text) => text.includes('INVALID_WIDGET_CONFIG'))).toEqual([]);
  expect(refused).toEqual([]);
});

test('product-selection opened directly at 1280 px: plans inside their cards, no product name broken mid-word', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${stack.widgetsUrl}/w/product-selection?serviceName=demo&groupName=demo&multiSelect=true`);
  await expect(page.getByRole('button', { name: /^Select / }).first()).toBeVisible();
  expect(await layoutFaults(page.mainFrame())).toEqual([]);
  const faults = await page.evaluate(() => {
    const found: string[] = [];
    for (const card of document.querySelectorAll('.product-card')) {
      const box = card.getBoundingClientRect();
      for (const button of card.querySelectorAll('button')) {
        const { left, right } = button.getBoundingClientRect();
        if (left < box.left || right > box.right) found.push(`outside its card: ${button.textContent}`);
      }
      // A word set on two lines has two boxes ('Everythin' / 'g bundle' in a 140 px column).
      const heading = card.querySelector('h2')!;
      const text = heading.firstChild!;
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (range.getClientRects().length > 1) found.push(`broken mid-word: ${match[0]}`);
      }
    }
    return found;
  });
  expect(faults).toEqual([]);
});

// One test per theme: the two run side by side on the suite's two workers.
for (const theme of THEMES) {
  test(`every widget route at 320, 390, 768 and 1280 px in ${theme}, empty, refused, filled and succeeded: no overflow, nothing clipped, contrast AA`, async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const email = uniqueEmail();
    await createCustomer(request, email, 'screens-pw-1');
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`${stack.demoUrl}/gallery?theme=light`);
    // A route the gallery does not show yet is added, so no widget escapes the check.
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-foyer-widget]')].map((element) => element.dataset.foyerWidget),
    );
    for (const route of WIDGET_ROUTES.filter((name) => !shown.includes(name))) await addToGallery(page, route);
    await expect.poll(() => widgetFrames(page).map(routeOf).sort()).toEqual([...WIDGET_ROUTES].sort());

    await checkEveryView(page, theme, 'empty');

    // The error states: each form submitted as it is (the registration's errors among them).
    // (a click from the page: Playwright's own would scroll the page for each frame at once)
    await page.setViewportSize({ width: 320, height: 800 });
    await Promise.all(
      widgetFrames(page).map((frame) =>
        frame.evaluate(() =>
          document.querySelector<HTMLButtonElement>('form button[type=submit]:not([disabled])')?.click(),
        ),
      ),
    );
    // Each refused form focuses its first invalid field, and the browser scrolls the page to that
    // frame; thirty of them do so one after another. Let that end, then go back to the switcher.
    await unfocus(page);
    await checkEveryView(page, theme, 'submitted');

    // Filled: the login typed in; a plan picked, so the selection shows it and the summary has lines.
    const login = new LoginWidget(page);
    await login.email.fill(email);
    await login.password.fill('screens-pw-1');
    const shop = new Shop(page);
    await shop.pick('Monthly', 'Digital access');
    await expect(shop.summary.getByRole('row', { name: /Total/ })).toBeVisible();
    await unfocus(page);
    await checkEveryView(page, theme, 'filled');

    // Succeeded: logged in (profile, account area, social links as a member), and a payment step
    // for a real order of this visitor showing its amount on the Pay button. Enter in the password
    // field, as a keyboard user submits: the gallery's thirty frames still settle after the views
    // above, and a pointer aimed at Log in could land where the button was a moment before.
    await login.password.press('Enter');
    await expect(new ProfileWidget(page).frame.getByText(email)).toBeVisible();
    const session = await apiSession(request, email, 'screens-pw-1');
    const created = await request.post(`${stack.widgetsUrl}/pm/api/widget/order?ev_ss=${session}`, {
      headers: await frameHeaders(stack.widgetsUrl),
      data: {
        orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur' }],
        paymentType: 'BANK_TRANSFER',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = (await created.json()) as { id: string };
    const payments = page.frames().filter((frame) => routeOf(frame) === 'payment').length;
    await addToGallery(page, 'payment', { orderId: order.id });
    await expect.poll(() => page.frames().filter((frame) => routeOf(frame) === 'payment').length).toBe(payments + 1);
    await expect(widgetFrame(page, 'payment', 1).getByRole('button', { name: /^Pay .*\d/ })).toBeVisible();
    await unfocus(page);
    await checkEveryView(page, theme, 'succeeded');
  });
}

/**
 * A frame's tables at the page's width: the layout faults, any element that scrolls its content
 * sideways (a table in an `overflow-x: auto` box overflows no page, so layoutFaults cannot see it),
 * the tables not stacked, and axe's violations.
 */
async function tableFaults(page: Page, widget: string, state: string): Promise<string[]> {
  const frame = page.frames().find((candidate) => routeOf(candidate) === widget)!;
  const found = await frame.evaluate(() => {
    const faults: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      // Visually hidden texts (1 px boxes that clip their text) show nothing to scroll to.
      if (element.clientWidth <= 2 || getComputedStyle(element).overflowX === 'visible') continue;
      if (element.scrollWidth > element.clientWidth + 1)
        faults.push(
          `scrolls sideways: ${element.tagName.toLowerCase()}.${element.className} ${element.scrollWidth} px in ${element.clientWidth} px`,
        );
    }
    for (const table of document.querySelectorAll('table'))
      if (getComputedStyle(table).display === 'table') faults.push(`not stacked: ${table.textContent?.slice(0, 40)}`);
    return faults;
  });
  // axe's every rule on the stacked rows (the table semantics among them).
  return [...(await layoutFaults(frame)), ...found, ...(await axeViolations(frame))].map(
    (fault) => `${widget} ${state}: ${fault}`,
  );
}

test('the account tables with rows at 320 px: stacked, labelled, nothing scrolls sideways or is clipped, axe clean', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = uniqueEmail();
  const friend = uniqueEmail();
  await buyAndInvite(request, owner, friend, 'screens-pw-1');

  // The owner: the purchase and its beneficiaries dialog, the v1 subscription and its invitation.
  await page.setViewportSize({ width: 320, height: 800 });
  await mountOnLoaderOnly(page, ['login', 'purchases-list', 'v1/subscriptions-list', 'v1/invitations-list']);
  await new LoginWidget(page).logIn(owner, 'screens-pw-1');
  const list = widgetFrame(page, 'purchases-list');
  const purchase = list.getByRole('row', { name: /Digital access/ });
  await expect(purchase.getByRole('cell').nth(4)).toHaveText('1');
  // Each value is preceded by its column's label, drawn from data-label.
  await expect
    .poll(() =>
      purchase
        .getByRole('cell')
        .nth(3)
        .evaluate((cell) => getComputedStyle(cell, '::before').content),
    )
    .toContain('Status: ');
  const subscriptions = widgetFrame(page, 'v1/subscriptions-list');
  await expect(
    subscriptions
      .getByRole('row', { name: /Digital access/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText('Active');
  const invitations = widgetFrame(page, 'v1/invitations-list');
  await expect(invitations.getByRole('row', { name: new RegExp(friend) })).toBeVisible();
  await chooseAction(
    page,
    list.getByRole('button', { name: 'Actions for Digital access — Yearly' }),
    list.getByRole('menuitem', { name: 'Display beneficiaries' }),
  );
  const dialog = list.getByRole('dialog', { name: 'Beneficiaries of Digital access — Yearly' });
  await expect(dialog.getByRole('row', { name: new RegExp(friend) })).toContainText('Pending');
  await untilFramesSettled(page);
  const faults = [];
  for (const widget of ['purchases-list', 'v1/subscriptions-list', 'v1/invitations-list'])
    faults.push(...(await tableFaults(page, widget, 'owner')));

  // The friend: the invitation, with Accept and Decline.
  const friendPage = await browser.newPage({ viewport: { width: 320, height: 800 }, bypassCSP: true });
  try {
    await mountOnLoaderOnly(friendPage, ['login', 'grant-invitations']);
    await new LoginWidget(friendPage).logIn(friend, 'screens-pw-1');
    const grants = widgetFrame(friendPage, 'grant-invitations');
    await expect(grants.getByRole('button', { name: 'Accept the invitation to Digital access' })).toBeVisible();
    faults.push(...(await tableFaults(friendPage, 'grant-invitations', 'friend')));
  } finally {
    await friendPage.close();
  }
  expect(faults).toEqual([]);
});
