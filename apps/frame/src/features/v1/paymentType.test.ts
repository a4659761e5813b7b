import { afterEach, describe, expect, it } from 'vitest';
import { loadLocale, setLocale } from '../../app/i18n';
import { v1PaymentTypeOptions } from './paymentType';

describe('v1PaymentTypeOptions', () => {
  afterEach(() => setLocale('en'));

  it("names the active types in the page's language, not the server's English displayName, and drops those without a v1 code", async () => {
    await loadLocale('pt-BR');
    const options = v1PaymentTypeOptions([
      { name: 'CASH', displayName: 'Cash' },
      { name: 'BANK_TRANSFER', displayName: 'Bank transfer' },
      { name: 'CARD', displayName: 'Card' },
    ]);
    expect(options.map((option) => option.code)).toEqual(['offline-FAC', 'online-CAU']);
    expect(options.map((option) => option.displayName)).toEqual(['Transferência bancária', 'Cartão']);
  });
});
