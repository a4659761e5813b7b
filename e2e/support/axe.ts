/**
 * axe-core inside a frame or page: the violations as readable lines (empty when none). axe is
 * injected as a script tag, so specs that use it turn the frames' CSP off (`bypassCSP: true`).
 */
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export async function axeViolations(target: Frame | Page): Promise<string[]> {
  await target.addScriptTag({ path: axePath });
  return target.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
          ): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document);
    return violations.map(
      (violation) => `${violation.id}: ${violation.help} ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
  });
}

/** The page's frame whose URL contains `/w/<widget>` (the last one: a modal's comes after the inline ones). */
export function widgetDocument(page: Page, widget: string): Frame {
  const frames = page.frames().filter((candidate) => new URL(candidate.url()).pathname === `/w/${widget}`);
  const frame = frames.at(-1);
  if (!frame) throw new Error(`no ${widget} frame`);
  return frame;
}
