/**
 * Every widget's stylesheet takes its colours from the theme's tokens (styles.css), so a site's
 * `appearance` and dark mode reach every part of every widget. A colour written into a widget's
 * own stylesheet stays light on a dark page: the account area's menu and dialogs did.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: the test environment would hand an imported stylesheet over empty.
const root = join(import.meta.dirname, '..');
const sheets = (readdirSync(root, { recursive: true }) as string[])
  .filter((path) => path.endsWith('.css') && path !== join('app', 'styles.css'))
  .map((path) => [relative(root, join(root, path)), readFileSync(join(root, path), 'utf8')] as const);

describe('widget stylesheets', () => {
  it('are found and read (the check below reads real files)', () => {
    expect(sheets.length).toBeGreaterThan(5);
    expect(sheets.every(([, css]) => css.includes('{'))).toBe(true);
  });

  it.each(sheets)('%s writes no colour of its own', (_path, css) => {
    const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
    expect(withoutComments.match(/#[0-9a-f]{3,8}\b/gi) ?? []).toEqual([]);
  });
});
