/**
 * The layout figures of `npm run bench` (issue 9): cumulative layout shift of the demo pages, and
 * how close an off-screen frame's height is to its content 3 s after load. Each takes a fresh
 * browser context per run (cold cache).
 */
import type { Browser } from 'playwright-core';

export const CLS_PAGES = ['/shop', '/login', '/register', '/account'] as const;
export const CLS_VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** How long after load the shifts are summed, and when the off-screen frames are read. */
const CLS_WINDOW_MS = 6000;
const OFFSCREEN_AT_MS = 3000;

/**
 * Layout shifts not caused by input (there is none) over 6 s after load, as Chrome's CLS counts
 * them: a PerformanceObserver on `layout-shift` entries, summed. (6 s is shorter than a session
 * window's 5 s gaps can run; with no input every shift of a loading page counts anyway.)
 */
export async function measureCls(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
): Promise<number> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    // A string: tsx's helpers do not exist inside the page.
    await page.addInitScript(`(() => {
      window.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    })()`);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(CLS_WINDOW_MS);
    return (await page.evaluate('window.__cls')) as number;
  } finally {
    await context.close();
  }
}

export interface OffscreenFrame {
  widget: string;
  /** The iframe's height on the host page. */
  height: number;
  /** The frame's content height (its #root), read without scrolling. */
  content: number;
  /** Whether the iframe starts below the fold. */
  belowFold: boolean;
}

/** The frames of `url` (the demo article: widgets far below the fold) 3 s after load, unscrolled. */
export async function measureOffscreenFrames(browser: Browser, url: string): Promise<OffscreenFrame[]> {
  const viewport = { width: 1280, height: 720 };
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(OFFSCREEN_AT_MS);
    const results: OffscreenFrame[] = [];
    for (const frame of page.frames()) {
      const widget = /\/w\/([\w/-]+)/.exec(frame.url())?.[1];
      if (!widget) continue;
      const iframe = await frame.frameElement();
      const box = await iframe.evaluate((element) => {
        const rect = (element as Element).getBoundingClientRect();
        return { top: rect.top, height: rect.height };
      });
      const content = (await frame.evaluate(
        `Math.ceil(document.getElementById('root').getBoundingClientRect().height)`,
      )) as number;
      results.push({ widget, height: box.height, content, belowFold: box.top >= viewport.height });
    }
    return results;
  } finally {
    await context.close();
  }
}
