/**
 * The English a Spanish or Brazilian page must not show, taken from the product itself: a walk is
 * done twice, first on an English page, recording at each checkpoint the copy the frame shows
 * (each text node, the named attributes, the iframe's title), then on the translated page, which
 * must show none of the English checkpoint's copy. So the test reads the product from outside (no
 * frame tables imported) and also catches English that never went through a table, such as a
 * server template's label inside a translated message ('First name es obligatorio.').
 */
import { expect, type Browser, type BrowserContextOptions, type Frame, type Page } from '@playwright/test';
import { widgetIframe } from './widgets';

/** Everything of a frame a visitor or a screen reader meets, one piece per text node or attribute. */
const frameCopy = (frame: Frame): Promise<string[]> =>
  frame.evaluate(() => {
    const pieces = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) pieces.push(node.textContent ?? '');
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) pieces.push(element.getAttribute(name) ?? '');
    return pieces.map((piece) => piece.replace(/\s+/g, ' ').trim());
  });

/**
 * The pieces of an English checkpoint's copy to look for: words, not data (nothing with a digit or
 * an address: dates, amounts, counts and e-mails differ between the walks anyway), and not so short
 * that they would match inside the other language's words ('No.', 'OK').
 */
function englishPieces(copy: readonly string[]): string[] {
  return [...new Set(copy)].filter((piece) => piece.length >= 4 && !/[\d@]/.test(piece));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English texts of `english` found in `shown`, as whole words. */
function englishIn(shown: string, english: readonly string[]): string[] {
  return english.filter((text) => new RegExp(`(^|[^\\p{L}])${escape(text)}($|[^\\p{L}])`, 'u').test(shown));
}

/** The frame of `widget` on `page` (the first one). */
function frameOf(page: Page, widget: string): Frame {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === `/w/${widget}`);
  if (!frame) throw new Error(`no ${widget} frame`);
  return frame;
}

/**
 * What a walk does at each checkpoint: `siteData` is the site's own words the widget shows as
 * they are (the catalogue's product and plan names, English in the demo), not ours to translate.
 */
export type Checkpoint = (page: Page, widget: string, siteData?: readonly string[]) => Promise<void>;

/** The English walk's copy, checkpoint by checkpoint, and the check of the translated walk against it. */
export class EnglishTwin {
  private readonly copies: string[][] = [];
  private checked = 0;

  /** For the walk on the English page. */
  readonly record: Checkpoint = async (page, widget) => {
    const title = (await widgetIframe(page, widget).getAttribute('title')) ?? '';
    this.copies.push(englishPieces([...(await frameCopy(frameOf(page, widget))), title]));
  };

  /** For the walk on the `locale` page, after the English one. */
  check(locale: 'es' | 'pt-BR'): Checkpoint {
    return async (page, widget, siteData = []) => {
      const english = this.copies[this.checked++];
      expect(english, `${widget}: the English walk has this checkpoint`).toBeDefined();
      // Without English copy to compare with, this would check nothing.
      expect(english!.length, `${widget}: English copy recorded`).toBeGreaterThan(0);
      const frame = frameOf(page, widget);
      expect(await frame.evaluate(() => document.documentElement.lang), `${widget} <html lang>`).toBe(locale);
      const shown = siteData.reduce((text, data) => text.replaceAll(data, ''), (await frameCopy(frame)).join('\n'));
      const pieces = english!.filter((piece) => !siteData.includes(piece));
      expect(englishIn(shown, pieces), `English in ${widget} (${locale})`).toEqual([]);
      const title = await widgetIframe(page, widget).getAttribute('title');
      expect(title, `${widget} iframe title`).not.toMatch(/^Foyer .* widget$/);
      expect(englishIn(title ?? '', pieces), `${widget} iframe title`).toEqual([]);
    };
  }

  /** Both walks passed the same checkpoints. */
  expectComplete(): void {
    expect(this.checked, 'checkpoints of the translated walk').toBe(this.copies.length);
  }
}

/**
 * The walk twice: first on a new English page of `browser` (opened with `pageOptions`), recording
 * its copy, then on `page` in `locale`, which must show none of it at the same checkpoints.
 */
export async function walkWithoutEnglish(
  browser: Browser,
  page: Page,
  locale: 'es' | 'pt-BR',
  walk: (page: Page, locale: 'en' | 'es' | 'pt-BR', checkpoint: Checkpoint) => Promise<void>,
  pageOptions: BrowserContextOptions = {},
): Promise<void> {
  const twin = new EnglishTwin();
  const english = await browser.newPage(pageOptions);
  try {
    await walk(english, 'en', twin.record);
  } finally {
    await english.close();
  }
  await walk(page, locale, twin.check(locale));
  twin.expectComplete();
}
