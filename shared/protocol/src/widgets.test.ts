import { describe, expect, it } from 'vitest';
import { NARROW_FRAME, reservedHeight, WIDGET_HEIGHTS, WIDGET_NAMES } from './widgets';

describe('reservedHeight (the short height rows of WIDGET_HEIGHTS)', () => {
  const narrow = NARROW_FRAME - 1;

  it('has one row per widget name', () => {
    expect(WIDGET_HEIGHTS).toHaveLength(WIDGET_NAMES.length);
  });

  it('reads a row by its widget: one height for both widths, or a narrow and a wide one', () => {
    expect([reservedHeight('login', narrow), reservedHeight('login', NARROW_FRAME)]).toEqual([301, 301]);
    expect([reservedHeight('forgot-password', narrow), reservedHeight('forgot-password', 928)]).toEqual([263, 215]);
    expect(reservedHeight('v1/invitations-list', 928)).toBe(89);
  });

  it('takes off the usual 45 px header without data-show-header, or the row’s own (none, 33 px)', () => {
    expect(reservedHeight('login', 928, false)).toBe(301 - 45);
    expect(reservedHeight('social-registration', 928, false)).toBe(257 - 33);
    expect(reservedHeight('checkout-button', 928, false)).toBe(50);
    expect(reservedHeight('paywall', narrow, false)).toBe(84);
  });
});
