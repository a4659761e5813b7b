/**
 * The frame's base themes take their page colours from the one table the loader's modal box uses
 * too (shared/protocol themes.ts), so the box around a frame is the widget's own background.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_THEME_COLOURS } from '@foyer/protocol/light';

// Read from disk: the test environment would hand an imported stylesheet over empty.
const css = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8');

/** The custom properties declared directly in the first rule whose selector is `selector`. */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value!.trim()]),
  );
}

describe('styles.css base themes', () => {
  it.each([
    ['light', ':root'],
    ['dark', ":root[data-theme='dark']"],
  ] as const)('%s: background and text are the shared theme colours', (theme, selector) => {
    const declared = tokens(selector);
    expect(declared['--foyer-color-background']).toBe(BASE_THEME_COLOURS[theme].background);
    expect(declared['--foyer-color-text']).toBe(BASE_THEME_COLOURS[theme].text);
  });
});
