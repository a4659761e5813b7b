/**
 * axe-core inside a frame or page: the violations as readable lines (empty when none). axe is
 * injected as a script tag, so specs that use it turn the frames' CSP off (`bypassCSP: true`).
 */
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** `rules`: run only these axe rules (e.g. `['color-contrast']`); all of them when left out. */
export async function axeViolations(target: Frame | Page, rules?: string[]): Promise<string[]> {
  // Once per document: specs that check the same frames again skip parsing axe again.
  if (!(await target.evaluate(() => 'axe' in window))) await target.addScriptTag({ path: axePath });
  return target.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, only ? { runOnly: { type: 'rule', values: only } } : {});
    return violations.map(
      (violation) => `${violation.id}: ${violation.help} ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
  }, rules);
}

/** The page's frame whose URL contains `/w/<widget>` (the last one: a modal's comes after the inline ones). */
export function widgetDocument(page: Page, widget: string): Frame {
  const frames = page.frames().filter((candidate) => new URL(candidate.url()).pathname === `/w/${widget}`);
  const frame = frames.at(-1);
  if (!frame) throw new Error(`no ${widget} frame`);
  return frame;
}
