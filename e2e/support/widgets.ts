/**
 * Page objects over the widgets' frames. They find things the way a visitor (or a screen reader)
 * does: by frame title, label and role.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { press } from './pointer';
import { stack } from './stack';

/**
 * The iframes of `widget`, by their route (`/w/<name>`, with or without a query, and with the
 * loader's `#page=` fragment). Not by title: a frame names itself in the page's language once it
 * has loaded ('Log in', 'Iniciar sesión').
 */
export const widgetSelector = (widget: string): string =>
  ['', '?', '#'].map((end) => (end ? `iframe[src*="/w/${widget}${end}"]` : `iframe[src$="/w/${widget}"]`)).join(', ');

export function widgetFrame(page: Page, widget: string, index = 0): FrameLocator {
  return page.frameLocator(widgetSelector(widget)).nth(index);
}

export function widgetIframe(page: Page, widget: string): Locator {
  return page.locator(widgetSelector(widget));
}

export class LoginWidget {
  readonly frame: FrameLocator;
  constructor(
    readonly page: Page,
    index = 0,
  ) {
    this.frame = widgetFrame(page, 'login', index);
  }
  get email(): Locator {
    return this.frame.getByLabel('Email');
  }
  get password(): Locator {
    return this.frame.getByLabel('Password', { exact: true });
  }
  get submit(): Locator {
    return this.frame.getByRole('button', { name: /^log ?in$/i });
  }
  get alert(): Locator {
    return this.frame.getByRole('alert');
  }
  async logIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await expect(this.submit).toBeEnabled();
    await this.submit.click();
  }
  /**
   * Logs in and waits, as a visitor's eye does, for the page to settle: the form gives way to
   * 'You are logged in' and the frames below move up and fill in (untilFramesSettled says why).
   */
  async logInSettled(email: string, password: string): Promise<void> {
    await this.logIn(email, password);
    await expect(this.frame.getByText('You are logged in')).toBeVisible();
    await untilFramesSettled(this.page);
  }
}

export class ProfileWidget {
  readonly frame: FrameLocator;
  constructor(readonly page: Page) {
    this.frame = widgetFrame(page, 'profile');
  }
  get logout(): Locator {
    return this.frame.getByRole('button', { name: /log ?out/i });
  }
  /**
   * Logs out as a visitor does once the page has settled: right after a login the widgets above
   * the profile load their content and grow, moving the profile down the page, and a click aimed
   * before that lands where Log out was, not where it is.
   */
  async logOut(): Promise<void> {
    // A mouse press where the button is now (support/pointer.ts): Playwright's click lost it here.
    await press(this.logout);
    await expect(this.logout).toHaveCount(0);
  }
}

/**
 * The widget frames of the page that are not yet as tall as their content: the height the frame
 * measures inside (its #root, what it reports to the loader) and the height the loader gave its
 * iframe disagree, so a resize is on its way, or it still shows its loading state (its content
 * is on its way), or its document has not even arrived. Hidden frames (no width) are skipped, and
 * so are frames whose document the browser refused (an error page has no widget to wait for).
 */
async function unsettledFrames(page: Page): Promise<string[]> {
  const unsettled: string[] = [];
  // A widget iframe whose document has not arrived yet (still about:blank) will load and grow:
  // it is not among the frames below, yet the frames under it are about to move.
  for (const iframe of await page.locator('iframe[src*="/w/"]').elementHandles()) {
    const [visible, frame] = await Promise.all([
      iframe.evaluate((element: Element) => element.getBoundingClientRect().width > 0),
      iframe.contentFrame(),
    ]).catch(() => [false, null] as const);
    const url = frame?.url() ?? '';
    if (visible && (url === '' || url === 'about:blank'))
      unsettled.push(`${await iframe.getAttribute('src')}: not loaded yet`);
  }
  for (const frame of page.mainFrame().childFrames()) {
    if (!URL.canParse(frame.url()) || !new URL(frame.url()).pathname.startsWith('/w/')) continue;
    const heights = await Promise.all([
      frame.frameElement().then((iframe) =>
        iframe.evaluate((element: Element) => {
          const { width, height } = element.getBoundingClientRect();
          return width ? height : null;
        }),
      ),
      frame.evaluate(() => {
        const root = document.getElementById('root');
        if (!root) return null;
        // Still loading (the frame's own test, bootstrap/resize.ts awaitingContent): it will grow.
        if (!root.firstElementChild || root.querySelector('.loading')) return -1;
        return Math.ceil(root.getBoundingClientRect().height);
      }),
    ]).catch(() => [null, null] as const);
    const [outer, inner] = heights;
    if (outer !== null && inner !== null && Math.abs(outer - inner) > 1) {
      unsettled.push(`${new URL(frame.url()).pathname}: iframe ${outer} px, content ${inner} px`);
    }
  }
  return unsettled;
}

/**
 * Waits until every widget frame of the page is as tall as its content. Until then a frame's
 * resize is on its way to the loader (after a login the form gives way to one line and the lists
 * below fill in; an opened menu grows its frame), the frames below are about to move, and a click
 * aimed now lands where a button was, not where it is.
 */
export async function untilFramesSettled(page: Page): Promise<void> {
  await expect.poll(() => unsettledFrames(page), { message: 'frames still resizing' }).toEqual([]);
}

/**
 * Chooses `item` from the actions menu `menu` of a frame on `page`. The page settles first (a list
 * that just filled in has grown its frame), and again once the menu is open: the open menu grows
 * its frame too, and until the loader has resized the iframe the items at its bottom are cut off,
 * so a click aimed at one lands on the frame below.
 */
export async function chooseAction(page: Page, menu: Locator, item: Locator): Promise<void> {
  await untilFramesSettled(page);
  await menu.click();
  await expect(item).toBeVisible();
  await untilFramesSettled(page);
  await item.click();
}

/** The host page events recordHostEvents listens to unless told others. */
const HOST_EVENTS = [
  'login.success',
  'login.failed',
  'logout.action',
  'session.refresh',
  'session.expired',
  'profile.loaded',
  'paywall.authorized',
];

/**
 * Collects `foyer:*` DOM events (`names`) on the host page from the moment it is called (before
 * navigation). The record starts again with every page load.
 */
export async function recordHostEvents(
  page: Page,
  names: readonly string[] = HOST_EVENTS,
): Promise<() => Promise<Array<{ name: string; detail: unknown }>>> {
  await page.addInitScript(
    (names: string[]) => {
      const seen: Array<{ name: string; detail: unknown }> = [];
      (window as unknown as { __foyerSeen: typeof seen }).__foyerSeen = seen;
      for (const name of names) {
        window.addEventListener(`foyer:${name}`, (event) => seen.push({ name, detail: (event as CustomEvent).detail }));
      }
    },
    [...names],
  );
  return () =>
    page.evaluate(() => (window as unknown as { __foyerSeen: Array<{ name: string; detail: unknown }> }).__foyerSeen);
}

/**
 * Records every text a live region shows from now on. A transient status (an add on its way for a
 * second) can come and go between two polls on a loaded machine; the record keeps it.
 */
export async function recordTexts(region: Locator): Promise<() => Promise<string[]>> {
  await region.evaluate((element) => {
    const seen: string[] = [];
    (element as unknown as { __texts: string[] }).__texts = seen;
    new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  return () => region.evaluate((element) => (element as unknown as { __texts: string[] }).__texts);
}

/**
 * The demo's page with the loader and no widget, `widgets` mounted in its main column by
 * `Foyer.mount`, with their `attributes` (camelCase names, as the host API takes them).
 */
export async function mountOnLoaderOnly(
  page: Page,
  widgets: string[],
  attributes: Record<string, Record<string, string>> = {},
): Promise<void> {
  await page.goto(`${stack.demoUrl}/loader-only`);
  type Loaded = {
    Foyer?: { scan?: unknown; mount(element: Element, widget: string, attributes?: Record<string, string>): void };
  };
  await page.waitForFunction(() => !!(window as unknown as Loaded).Foyer?.scan);
  await page.evaluate(
    ({ widgets, attributes }) => {
      for (const widget of widgets) {
        const host = document.createElement('div');
        document.querySelector('main')!.append(host);
        (window as unknown as Loaded).Foyer!.mount(host, widget, attributes[widget]);
      }
    },
    { widgets, attributes },
  );
}
