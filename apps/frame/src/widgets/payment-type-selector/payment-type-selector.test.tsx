import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BASKET_KEY } from '@foyer/api/widget';
import { paymentTypeSelectorAttributesSchema } from '@foyer/protocol';
import { fakeIdentityServer, makeHarness, renderWith, type Reply } from '../../test/harness';
import { loadLocale, setLocale } from '../../app/i18n';
import PaymentTypeSelector from './index';

function setup(reply: Reply) {
  const server = fakeIdentityServer({ 'GET /pm/api/widget/payment/types': () => reply });
  const attributes = paymentTypeSelectorAttributesSchema.parse({});
  const harness = makeHarness({ fetch: server.fetch, attributes });
  harness.storage.tab.setItem(BASKET_KEY, JSON.stringify({ products: [], id: 'ord-1' }));
  renderWith(harness, <PaymentTypeSelector attributes={attributes} />);
  return { harness };
}

describe('payment-type-selector', () => {
  afterEach(() => setLocale('en'));

  it('lists the allowed types by displayName under a default prompt; a choice goes to the basket and is published', async () => {
    const { harness } = setup({
      status: 200,
      body: [
        { name: 'CARD', displayName: 'Card' },
        { name: 'BANK_TRANSFER', displayName: 'Bank transfer' },
      ],
    });
    const select = (await screen.findByLabelText('Payment type')) as HTMLSelectElement;
    expect(select.disabled).toBe(false);
    expect([...select.options].map((option) => option.text)).toEqual([
      'Choose a payment type',
      'Card',
      'Bank transfer',
    ]);
    expect(select.value).toBe('');
    await userEvent.selectOptions(select, 'BANK_TRANSFER');
    expect(JSON.parse(harness.storage.tab.getItem(BASKET_KEY)!)).toMatchObject({
      id: 'ord-1',
      paymentType: 'BANK_TRANSFER',
    });
    expect(harness.published).toContainEqual({
      name: 'paymentType.selected',
      payload: { paymentType: 'BANK_TRANSFER' },
    });
    expect(harness.published).toContainEqual({ name: 'basket.updated', payload: { productCount: 0 } });
    expect(select.value).toBe('BANK_TRANSFER');
  });

  it("is disabled with the 'no option' text when no type is allowed", async () => {
    setup({ status: 200, body: [] });
    const select = (await screen.findByLabelText('Payment type')) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.options[0]?.text).toBe('No payment options available');
    expect(screen.getByText('No payment options available', { selector: 'p' })).toBeTruthy();
  });

  it("names the types in the page's language, not the server's English displayName", async () => {
    await loadLocale('es');
    setup({
      status: 200,
      body: [
        { name: 'CARD', displayName: 'Card' },
        { name: 'BANK_TRANSFER', displayName: 'Bank transfer' },
        { name: 'CASH', displayName: 'Cash' },
      ],
    });
    const select = (await screen.findByLabelText('Forma de pago')) as HTMLSelectElement;
    expect([...select.options].slice(1).map((option) => option.text)).toEqual([
      'Tarjeta',
      'Transferencia bancaria',
      'Efectivo',
    ]);
    expect([...select.options].map((option) => option.value)).toEqual(['', 'CARD', 'BANK_TRANSFER', 'CASH']);
  });

  it('shows a failed request', async () => {
    setup('network-error');
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
  });
});
