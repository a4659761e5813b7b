import { describe, expect, it } from 'vitest';
import {
  dayRange,
  isCompleteDate,
  isRealDate,
  isRealDateTime,
  joinDate,
  monthRange,
  splitDate,
  yearRange,
} from './dates';

describe('date selector values (identity spec §5, §9)', () => {
  it('days 1-31, months 1-12, years from this year back 100 years', () => {
    expect(dayRange()).toHaveLength(31);
    expect(dayRange()[0]).toBe(1);
    expect(monthRange()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const years = yearRange(new Date('2025-06-01T00:00:00Z'));
    expect(years[0]).toBe(2025);
    expect(years.at(-1)).toBe(1925);
    expect(years).toHaveLength(101);
  });

  it('keeps half-filled dates apart from empty and complete ones', () => {
    expect(joinDate({ day: '', month: '', year: '' })).toBe('');
    expect(joinDate({ day: '7', month: '', year: '' })).toBe('--07');
    expect(isCompleteDate(joinDate({ day: '7', month: '3', year: '' }))).toBe(false);
    expect(joinDate({ day: '7', month: '3', year: '1990' })).toBe('1990-03-07');
    expect(splitDate('1990-03-07')).toEqual({ day: '7', month: '3', year: '1990' });
    expect(splitDate('--07')).toEqual({ day: '7', month: '', year: '' });
    expect(splitDate('')).toEqual({ day: '', month: '', year: '' });
  });

  it('a complete value must name a real day (dayjs strict parsing, no overflow)', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2025-02-29')).toBe(false);
    expect(isRealDate('1990-04-31')).toBe(false);
    expect(isRealDate('1990-4-3')).toBe(false);
  });

  it('date-times as the datetime-local input gives them, zone and seconds optional', () => {
    expect(isRealDateTime('2024-05-01T10:00')).toBe(true);
    expect(isRealDateTime('2024-05-01T10:00:30Z')).toBe(true);
    expect(isRealDateTime('2024-05-01T10:00:30.5+02:00')).toBe(true);
    expect(isRealDateTime('2024-13-01T10:00')).toBe(false);
    expect(isRealDateTime('2024-05-01T25:00')).toBe(false);
    expect(isRealDateTime('tomorrow')).toBe(false);
  });
});
