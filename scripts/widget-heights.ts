/**
 * `npx tsx scripts/widget-heights.ts`: measures each widget's first rendered height (logged out,
 * the demo data) at the common frame widths, to keep the loader's reserved heights
 * (shared/protocol/src/widgets.ts, WIDGET_HEIGHTS) honest. Prints one line per widget.
 */
import { chromium } from 'playwright-core';
import { WIDGET_NAMES } from '@foyer/protocol/light';
import { chromiumLaunchOptions } from '../playwright.config';
import { startStack } from './stack-process';

/** Frame widths: a phone (390 px page) and a one-column desktop page. */
const WIDTHS = [358, 928];
const ATTRIBUTES: Record<string, Record<string, string>> = {
  'product-selection': { groupName: 'demo', multiSelect: 'true' },
  'v1/product-selection': { groupName: 'demo' },
  // Without a product these show the bex0004 error, not their usual first view.
  'v1/product-item': { productId: 'demo-digital' },
  'v1/single-product-selection': { productId: 'demo-digital' },
};

const stack = await startStack(['--ephemeral']);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const widgets = (process.argv.slice(2).length ? process.argv.slice(2) : WIDGET_NAMES) as string[];
  for (const widget of widgets) {
    const heights: Record<string, number[]> = {};
    for (const showHeader of ['true', 'false']) {
      heights[showHeader] = [];
      // Without its header a widget is as much shorter at any width: one width tells.
      for (const width of showHeader === 'true' ? WIDTHS : WIDTHS.slice(1)) {
        const context = await browser.newContext({ viewport: { width: width + 32, height: 800 } });
        const page = await context.newPage();
        await page.goto(`${stack.demoUrl}/loader-only`);
        await page.waitForFunction(
          () => typeof (window as { Foyer?: { mount?: unknown } }).Foyer?.mount === 'function',
        );
        await page.evaluate(
          `(() => { const box = document.createElement('div'); box.id = 'box'; box.style.width = '${width}px';
          document.body.append(box);
          window.Foyer.mount(box, ${JSON.stringify(widget)}, ${JSON.stringify({ ...ATTRIBUTES[widget], showHeader })}); })()`,
        );
        await page.waitForTimeout(3000);
        heights[showHeader]!.push(
          await page.evaluate(() => Math.round(document.querySelector('iframe')!.getBoundingClientRect().height)),
        );
        await context.close();
      }
    }
    const header = heights.true!.at(-1)! - heights.false![0]!;
    // As WIDGET_HEIGHTS writes them (a row per widget, in WIDGET_NAMES' order): the wide height only when it differs (or a header follows),
    // the header only when it is not the usual 45 px.
    const [narrow, wide] = heights.true!;
    const entry = header !== 45 ? [narrow, wide, header] : wide !== narrow ? [narrow, wide] : [narrow];
    console.log(`  [${entry.join(', ')}], // ${widget}`);
  }
} finally {
  await browser.close();
  await stack.stop();
}
