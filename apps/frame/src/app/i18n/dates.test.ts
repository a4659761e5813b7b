import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, NO_DATE, parseDate } from './dates';
import { loadLocale } from './index';

afterEach(async () => {
  await loadLocale('en');
});

describe("the spec's date formats (dayjs)", () => {
  it('dd-MMM-yyyy, dd-MMMM-yyyy and dd/MM/yyyy in English', () => {
    expect(formatDate('2025-03-07', 'dd-MMM-yyyy')).toBe('07-Mar-2025');
    expect(formatDate('2025-03-07', 'dd-MMMM-yyyy')).toBe('07-March-2025');
    expect(formatDate('2025-03-07', 'dd/MM/yyyy')).toBe('07/03/2025');
  });

  it("shows '-' for a missing or unreadable date", () => {
    expect(formatDate(null, 'dd-MMM-yyyy')).toBe(NO_DATE);
    expect(formatDate('', 'dd-MMM-yyyy')).toBe('-');
    expect(formatDate('not a date', 'dd-MMM-yyyy')).toBe('-');
  });

  it('names months in the language of the loaded table (es, pt-BR)', async () => {
    await loadLocale('es');
    expect(formatDate('2025-03-07', 'dd-MMMM-yyyy')).toBe('07-marzo-2025');
    await loadLocale('pt-BR');
    expect(formatDate('2025-03-07', 'dd-MMMM-yyyy')).toBe('07-março-2025');
    await loadLocale('en');
    expect(formatDate('2025-03-07', 'dd-MMMM-yyyy')).toBe('07-March-2025');
  });

  it('reads a typed dd/MM/yyyy date back as the ISO day, refusing impossible ones', () => {
    expect(parseDate(' 07/03/2025 ', 'dd/MM/yyyy')).toBe('2025-03-07');
    expect(parseDate('31/02/2025', 'dd/MM/yyyy')).toBeNull();
    expect(parseDate('2025-03-07', 'dd/MM/yyyy')).toBeNull();
  });
});
