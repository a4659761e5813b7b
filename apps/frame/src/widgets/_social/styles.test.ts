/**
 * The social panels' link-style buttons ('Forgot your password?', 'I already have a account') take
 * their look from the account widgets' stylesheet. The link-existing-account and social-registration
 * routes load no login form that would bring it along, so each panel imports it itself; without it
 * the buttons showed as bare grey system buttons (found walking issue 14).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const panels = readdirSync(dir)
  .filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
  .filter((name) => readFileSync(join(dir, name), 'utf8').includes('link-button'));

describe('social panels with link buttons', () => {
  it('are found', () => expect(panels.length).toBeGreaterThan(0));
  it.each(panels)('%s imports the stylesheet that draws them', (name) => {
    expect(readFileSync(join(dir, name), 'utf8')).toMatch(/^import '\.\.\/_account\/account\.css';$/m);
  });
});
