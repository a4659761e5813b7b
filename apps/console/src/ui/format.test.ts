import { describe, expect, it } from 'vitest';
import { formatMoney, toMajorText, toMinor } from './format';

describe('amounts', () => {
  it('formats minor units by the currency', () => {
    expect(formatMoney(1250, 'EUR')).toBe('€12.50');
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200');
    expect(formatMoney(12345, 'BHD').replace(/\s/, ' ')).toBe('BHD 12.345');
  });

  it('reads an amount in major units as minor units, exactly', () => {
    expect(toMinor('12.5', 'EUR')).toBe(1250);
    expect(toMinor('12,50', 'EUR')).toBe(1250);
    expect(toMinor('0.29', 'EUR')).toBe(29);
    expect(toMinor('1 200', 'JPY')).toBe(1200);
    expect(toMinor('1.5', 'JPY')).toBeNull();
    expect(toMinor('12.345', 'BHD')).toBe(12345);
    expect(toMinor('12.345', 'EUR')).toBeNull();
    expect(toMinor('-3', 'EUR')).toBeNull();
    expect(toMinor('abc', 'EUR')).toBeNull();
    expect(toMajorText(2000, 'EUR')).toBe('20.00');
    expect(toMajorText(1200, 'JPY')).toBe('1200');
  });
});
