/**
 * Page objects over the widgets' frames. They find things the way a visitor (or a screen reader)
 * does: by frame title, label and role.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { stack } from './stack';
import { press } from './pointer';

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
    await press(this.submit);
  }
  /** Logs in and waits, as a visitor's eye does, for the form to give way to 'You are logged in'. */
  async logInSettled(email: string, password: string): Promise<void> {
    await this.logIn(email, password);
    await expect(this.frame.getByText('You are logged in')).toBeVisible();
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
  /** Logs out with the profile's Log out (a press where the button is now: support/pointer.ts). */
  async logOut(): Promise<void> {
    await press(this.logout);
    await expect(this.logout).toHaveCount(0);
  }
}

/**
 * Chooses `item` from the actions menu `menu` of a widget frame: presses the menu, then the
 * item once it is shown where a press reaches it (the open menu grows its frame; until the loader
 * has resized the iframe, the items at its bottom are cut off).
 */
export async function chooseAction(menu: Locator, item: Locator): Promise<void> {
  await press(menu);
  await expect(item).toBeVisible();
  await press(item);
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
