import { describe, expect, it } from 'vitest';
import { earliestDeliveryDay, isDeliveryDay, nextDeliveryDay, periodEnd } from './dates';

describe('delivery days', () => {
  it('are Monday to Friday; a day that does not exist is none', () => {
    // 2030-02-04 is a Monday.
    expect(['2030-02-04', '2030-02-08'].map(isDeliveryDay)).toEqual([true, true]);
    expect(['2030-02-09', '2030-02-10', '2030-02-30', 'soon'].map(isDeliveryDay)).toEqual([false, false, false, false]);
  });

  it('the first one on or after a day, and the earliest one two working days after an order', () => {
    expect(nextDeliveryDay('2030-02-09')).toBe('2030-02-11');
    expect(nextDeliveryDay('2030-02-06')).toBe('2030-02-06');
    // Thursday: Friday and Monday; Friday and Saturday: Monday and Tuesday.
    expect(earliestDeliveryDay('2030-01-31')).toBe('2030-02-04');
    expect(earliestDeliveryDay('2030-02-01')).toBe('2030-02-05');
    expect(earliestDeliveryDay('2030-02-02')).toBe('2030-02-05');
  });

  it('a period ends a frequency after its start, month ends clamped', () => {
    expect(periodEnd('2030-01-31', 'MONTH1')).toBe('2030-02-28');
    expect(periodEnd('2030-01-31', 'WEEK1')).toBe('2030-02-07');
    expect(periodEnd('2030-01-31', 'NONE')).toBeUndefined();
  });
});
