import '../../test/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Basket } from '@foyer/api/widget';
import { productSummaryAttributesSchema } from '@foyer/protocol';
import { fakeIdentityServer, makeHarness, renderWith } from '../../test/harness';
import { readBasket, writeBasket } from '../../app/store/basketStorage';
import { basketFromAnotherFrame } from '../../test/testBasket';
import { digitalBasket, logIn, ORDER, settle } from '../../features/checkout/test/testData';
import { basketTotal } from '../../features/purchase/total';
import ProductSummaryWidget from './index';

const print: Basket['products'][number] = {
  ...digitalBasket().products[0]!,
  name: 'demo-print',
  displayName: 'Print and digital',
  paymentPlan: {
    ...digitalBasket().products[0]!.paymentPlan,
    _id: 'print-monthly-eur',
    description: 'Delivered every morning',
    price: { amount: 2490, currency: 'EUR', display: '24.90' },
  },
};
const twoProducts = (): Basket => ({ products: [...digitalBasket().products, print] });

function setup(attributes: Record<string, string> = {}, basket: Basket = twoProducts()) {
  const server = fakeIdentityServer({ 'POST /pm/api/widget/order': () => ({ status: 201, body: ORDER }) });
  const parsed = productSummaryAttributesSchema.parse(attributes);
  const harness = makeHarness({ fetch: server.fetch, attributes: parsed });
  logIn(harness);
  writeBasket(harness.storage.tab, basket);
  renderWith(harness, <ProductSummaryWidget attributes={parsed} />);
  return { harness, server, user: userEvent.setup() };
}

describe('product-summary widget', () => {
  it('shows a numbered table of name, description, frequency and price with the total', () => {
    setup();
    const table = screen.getByRole('table', { name: 'Selected products' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['No.', 'Product', 'Description', 'Frequency', 'Price', 'Actions']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'First month 1 €, then 9.99 € a month', 'Monthly', '€ 1.00', 'Remove Digital access']);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Digital access – Monthly');
    expect(within(rows[2]!).getAllByRole('cell')[0]!.textContent).toBe('2');
    expect(rows[3]!.textContent).toBe('Total€ 25.90');
  });

  it('removes a product with its remove button; the order id and total go', async () => {
    const { harness, user } = setup({}, { ...twoProducts(), id: 'order-1', total: ORDER.total });
    await user.click(screen.getByRole('button', { name: 'Remove Digital access' }));
    const basket = readBasket(harness.storage.tab);
    expect(basket.products.map((line) => line.name)).toEqual(['demo-print']);
    expect(basket.id).toBeUndefined();
    expect(harness.published).toContainEqual({ name: 'basket.updated', payload: { productCount: 1 } });
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('has no remove buttons with showRemoveBtn off, and no buttons at all with displayOnly', () => {
    setup({ showRemoveBtn: 'false' });
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeTruthy();
  });

  it('displayOnly: a read-only recap', () => {
    setup({ displayOnly: 'true' });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("says 'No products selected' when the basket is empty, and its checkout is disabled", () => {
    setup({}, { products: [] });
    expect(screen.getByText('No products selected')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', true);
  });

  it('updates live when another frame changes the basket', () => {
    const { harness } = setup();
    act(() => {
      basketFromAnotherFrame(harness, digitalBasket());
    });
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('mode checkout runs the checkout without a summary step of its own', async () => {
    const { harness, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(harness.opened).toEqual([{ widget: 'product-profile', attributes: {} }]));
    expect(screen.getByRole('button', { name: 'Remove Digital access' })).toHaveProperty('disabled', true);
    act(() => harness.services.events.emit({ name: 'productProfile.success', payload: { guid: 'guid-1' } }));
    await waitFor(() => expect(harness.opened.map((entry) => entry.widget)).toEqual(['product-profile', 'payment']));
    // The payment step waits for the visitor: calm, not 'Processing payment...'.
    expect(screen.getByRole('button', { name: 'Checkout open — continue in the window' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByText(/Processing/)).toBeNull();
    expect(screen.getByRole('row', { name: /Total/ }).textContent).toContain('€ 1.00');
  });

  it("mode review: 'Confirm order' publishes productSummary.success, Cancel productSummary.cancelled", async () => {
    const { harness, user } = setup({ mode: 'review' });
    // The checkout that opened this step runs in another frame: the remove buttons stay usable.
    act(() => {
      basketFromAnotherFrame(harness, {
        ...twoProducts(),
        checkout: { step: 'summary', since: Date.now() },
      });
    });
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Digital access' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(harness.published).toEqual([
      { name: 'productSummary.success', payload: { productCount: 2 } },
      { name: 'productSummary.cancelled', payload: {} },
    ]);
    await settle();
  });
});

describe('basketTotal', () => {
  it('is the server total once the order exists, the display sum in one currency, none when mixed', () => {
    expect(basketTotal(twoProducts())).toBe('€ 25.90');
    expect(basketTotal({ ...twoProducts(), total: { amount: 2490, currency: 'EUR', display: '24.90' } })).toBe(
      '€ 24.90',
    );
    const chf = {
      ...print,
      paymentPlan: { ...print.paymentPlan, price: { amount: 500, currency: 'CHF', display: '5.00' } },
    };
    expect(basketTotal({ products: [...digitalBasket().products, chf] })).toBeNull();
    expect(basketTotal({ products: [] })).toBeNull();
  });
});
