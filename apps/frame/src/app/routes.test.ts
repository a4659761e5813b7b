/**
 * The route table serves exactly the public widget names of the protocol: tests that look at the
 * product from outside (e2e/specs/screens.spec.ts walks WIDGET_NAMES) then cover every route.
 */
import { describe, expect, it } from 'vitest';
import { WIDGET_NAMES } from '@foyer/protocol';
import { WIDGET_ROUTES } from './routes';

describe('route table', () => {
  it('has one route per widget name, and no route without a name', () => {
    expect(Object.keys(WIDGET_ROUTES).sort()).toEqual([...WIDGET_NAMES].sort());
  });
});
