import '../../test/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { productSelectionAttributesSchema } from '@foyer/protocol';
import { fakeIdentityServer, makeHarness, renderWith, type Handler, type Harness } from '../../test/harness';
import { readBasket } from '../../app/store/basketStorage';
import { basketFromAnotherFrame } from '../../test/testBasket';
import { DIGITAL, GROUP, logIn, ORDER, settle } from '../../features/checkout/test/testData';
import ProductSelectionWidget from './index';

function setup(
  attributes: Record<string, string> = { groupName: 'demo' },
  options: { routes?: Record<string, Handler>; query?: Record<string, string>; loggedIn?: boolean } = {},
) {
  const server = fakeIdentityServer({
    'GET /pm/api/widget/productgroup/demo': () => ({ status: 200, body: GROUP }),
    'GET /pm/api/widget/product/demo-digital': () => ({ status: 200, body: DIGITAL }),
    'POST /pm/api/widget/order': () => ({ status: 201, body: ORDER }),
    ...options.routes,
  });
  const parsed = productSelectionAttributesSchema.parse(attributes);
  const harness = makeHarness({ fetch: server.fetch, attributes: parsed, frame: { query: options.query ?? {} } });
  if (options.loggedIn) logIn(harness);
  renderWith(harness, <ProductSelectionWidget attributes={parsed} />);
  return { server, harness, user: userEvent.setup() };
}

/** 'Select <plan> (<product>)', or 'Selected …' once picked. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const selectButton = (plan: string, product: string) =>
  screen.getByRole('button', { name: new RegExp(`^Select(ed)? ${escape(plan)} \\(${escape(product)}\\)$`) });
const basketOf = (harness: Harness) => readBasket(harness.storage.tab);

describe('product-selection widget', () => {
  it('shows INVALID_WIDGET_CONFIG without groupName or productName, and publishes productSelection.failed', () => {
    const { harness, server } = setup({});
    expect(screen.getByRole('alert').textContent).toBe('Invalid widget config: No groupName or productName defined');
    expect(harness.published).toEqual([
      { name: 'productSelection.failed', payload: { code: 'INVALID_WIDGET_CONFIG', statusCode: 400 } },
    ]);
    expect(server.requests).toEqual([]);
  });

  it('shows the group as cards: image, features, plans with price, frequency, description, star', async () => {
    const { server } = setup({ groupName: 'demo', showHidden: 'true' });
    const digital = (await screen.findByRole('heading', { name: 'Digital access (Recommended)' })).closest('li')!;
    expect(server.requests[0]!.query.get('showHidden')).toBe('true');
    expect(within(digital).getByRole('img', { name: 'Digital access' }).getAttribute('src')).toBe(
      'https://cdn.example/digital.png',
    );
    expect(within(digital).getByRole('list', { name: 'Included' }).textContent).toContain('Newsletter');
    const plans = within(digital).getByRole('list', { name: 'Plans of Digital access' });
    const monthly = within(plans).getAllByRole('listitem')[0]!;
    // The trial price, 2 decimals, with the currency symbol.
    expect(monthly.textContent).toContain('€ 1.00');
    expect(monthly.textContent).toContain('Monthly');
    expect(monthly.textContent).toContain('First month 1 €');
    expect(within(plans).getAllByRole('listitem')[1]!.textContent).toContain('Yearly');
    expect(digital.className).toContain('product-recommended');
    expect(screen.getByRole('heading', { name: 'Print and digital (Featured)' })).toBeTruthy();
    // Three products: 12 / 3 = 4 columns, small screens smColSize 6.
    expect(digital.style.getPropertyValue('--col')).toBe('4');
    expect(digital.className).toContain('col-sm-6');
  });

  it('leaves the star out without showBoosted and keeps the minimum column size', async () => {
    setup({ groupName: 'demo', showBoosted: 'false', minColSize: '6' });
    const digital = (await screen.findByRole('heading', { name: 'Digital access' })).closest('li')!;
    expect(digital.style.getPropertyValue('--col')).toBe('6');
  });

  it('the page query overrides the attributes: one product with repeated paymentPlan', async () => {
    const { server } = setup(
      { groupName: 'demo' },
      { query: { productName: 'demo-digital', paymentPlans: 'digital-monthly-eur,digital-yearly-eur' } },
    );
    await screen.findByRole('heading', { name: /Digital access/ });
    expect(server.requests[0]!.path).toBe('/pm/api/widget/product/demo-digital');
    expect(server.requests[0]!.query.getAll('paymentPlan')).toEqual(['digital-monthly-eur', 'digital-yearly-eur']);
  });

  it('picks into the basket at once; the same plan again deselects; a new pick clears the other', async () => {
    const { harness, user } = setup();
    await screen.findByRole('heading', { name: /Digital access/ });
    const monthly = selectButton('Monthly', 'Digital access');
    expect(monthly.getAttribute('aria-pressed')).toBe('false');
    await user.click(monthly);
    expect(monthly.getAttribute('aria-pressed')).toBe('true');
    expect(basketOf(harness).products.map((line) => line.paymentPlan._id)).toEqual(['digital-monthly-eur']);
    expect(harness.published).toContainEqual({ name: 'basket.updated', payload: { productCount: 1 } });

    await user.click(selectButton('Monthly', 'Print and digital'));
    expect(basketOf(harness).products.map((line) => line.name)).toEqual(['demo-print']);
    expect(monthly.getAttribute('aria-pressed')).toBe('false');

    await user.click(selectButton('Monthly', 'Print and digital'));
    expect(basketOf(harness).products).toEqual([]);
  });

  it('keeps several products with multiSelect, and is keyboard usable', async () => {
    const { harness, user } = setup({ groupName: 'demo', multiSelect: 'true' });
    await screen.findByRole('heading', { name: /Digital access/ });
    selectButton('Yearly', 'Digital access').focus();
    await user.keyboard('{Enter}');
    selectButton('Yearly bundle', 'Everything bundle').focus();
    await user.keyboard(' ');
    expect(basketOf(harness).products.map((line) => line.name)).toEqual(['demo-digital', 'demo-bundle']);
  });

  it('reflects the basket live: a product removed elsewhere is deselected', async () => {
    const { harness, user } = setup();
    await screen.findByRole('heading', { name: /Digital access/ });
    await user.click(selectButton('Monthly', 'Digital access'));
    act(() => {
      basketFromAnotherFrame(harness, { products: [] });
    });
    expect(selectButton('Monthly', 'Digital access').getAttribute('aria-pressed')).toBe('false');
  });

  it("disables subscribed plans with 'Already subscribed'", async () => {
    const subscribed = {
      ...GROUP,
      products: [{ ...DIGITAL, paymentPlans: DIGITAL.paymentPlans.map((plan) => ({ ...plan, subscribed: true })) }],
    };
    setup(
      { groupName: 'demo' },
      { routes: { 'GET /pm/api/widget/productgroup/demo': () => ({ status: 200, body: subscribed }) } },
    );
    await screen.findByRole('heading', { name: /Digital access/ });
    expect(screen.getAllByText('Already subscribed')).toHaveLength(2);
    expect((selectButton('Monthly', 'Digital access') as HTMLButtonElement).disabled).toBe(true);
    // One product: the whole width.
    expect(
      screen
        .getByRole('heading', { name: /Digital access/ })
        .closest('li')!
        .style.getPropertyValue('--col'),
    ).toBe('12');
  });

  it('hides the select and submit buttons with displayOnly', async () => {
    setup({ groupName: 'demo', displayOnly: 'true' });
    await screen.findByRole('heading', { name: /Digital access/ });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('submitting nothing is NO_PRODUCT_SELECTED', async () => {
    const { harness, user } = setup();
    await screen.findByRole('heading', { name: /Digital access/ });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).querySelector('.message-text')!.textContent).toBe('No product selected');
    expect(harness.published).toContainEqual({
      name: 'productSelection.failed',
      payload: { code: 'NO_PRODUCT_SELECTED', statusCode: 400 },
    });
    expect(harness.opened).toEqual([]);
  });

  it('shows the load error (bex0004) and publishes productSelection.failed', async () => {
    const { harness } = setup(
      { productName: 'nope' },
      {
        routes: {
          'GET /pm/api/widget/product/nope': () => ({
            status: 404,
            body: [{ appErrorCode: 'bex0004', message: 'Product not found', httpErrorCode: 404 }],
          }),
        },
      },
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Product not found');
    expect(harness.published).toContainEqual({
      name: 'productSelection.failed',
      payload: { code: 'bex0004', statusCode: 404 },
    });
  });

  it('words technical difficulties as the purchase spec does: Error', async () => {
    setup(
      { groupName: 'demo' },
      { routes: { 'GET /pm/api/widget/productgroup/demo': () => ({ status: 500, raw: 'upstream broke' }) } },
    );
    expect((await screen.findByRole('alert')).querySelector('.message-text')!.textContent).toBe('Error');
  });

  it('pre-selects a single given plan', async () => {
    const { harness } = setup(
      { productName: 'demo-digital', paymentPlans: 'digital-yearly-eur' },
      {
        routes: {
          'GET /pm/api/widget/product/demo-digital': () => ({
            status: 200,
            body: { ...DIGITAL, paymentPlans: [DIGITAL.paymentPlans[1]] },
          }),
        },
      },
    );
    await screen.findByRole('button', { name: 'Selected Yearly (Digital access)', pressed: true });
    expect(basketOf(harness).products.map((line) => line.paymentPlan._id)).toEqual(['digital-yearly-eur']);
    expect(harness.opened).toEqual([]);
  });

  // Issue 32, item 8: the `id` attribute names the one product to show.
  it('with id shows only that product of the group and pre-selects its single plan', async () => {
    const { harness, server } = setup({ groupName: 'demo', id: 'demo-bundle' });
    await screen.findByRole('button', { name: 'Selected Yearly bundle (Everything bundle)', pressed: true });
    expect(server.requests[0]!.path).toBe('/pm/api/widget/productgroup/demo');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Everything bundle',
    ]);
    expect(basketOf(harness).products.map((line) => line.name)).toEqual(['demo-bundle']);
  });

  it('with id keeps a product of several plans unpicked', async () => {
    setup({ groupName: 'demo', id: 'demo-digital' });
    await screen.findByRole('heading', { name: /Digital access/ });
    expect(screen.queryByRole('heading', { name: /Print and digital/ })).toBeNull();
    expect(selectButton('Monthly', 'Digital access').getAttribute('aria-pressed')).toBe('false');
  });

  it('with an id the group lacks says Product not found and publishes productSelection.failed', async () => {
    const { harness } = setup({ groupName: 'demo', id: 'demo-nope' });
    expect((await screen.findByRole('alert')).textContent).toContain('Product not found');
    expect(harness.published).toContainEqual({
      name: 'productSelection.failed',
      payload: { code: 'bex0004', statusCode: 404 },
    });
  });

  it('with autoSelect submits the single plan at once: the checkout starts (login without a session)', async () => {
    const { harness } = setup({ productName: 'demo-digital', paymentPlans: 'digital-yearly-eur', autoSelect: 'true' });
    await screen.findByRole('heading', { name: /Digital access/ });
    await settle();
    expect(harness.published).toContainEqual({ name: 'checkout.started', payload: { productCount: 1 } });
    expect(harness.opened).toEqual([{ widget: 'login', attributes: { showRegister: 'true' } }]);
    // The login waits for the visitor in the modal: the submit button is calm (disabled, no
    // spinner, no 'Processing …') and the picks are locked.
    const waiting = screen.getByRole('button', { name: 'Checkout open — continue in the window' });
    expect(waiting).toHaveProperty('disabled', true);
    expect(waiting.querySelector('.spinner')).toBeNull();
    expect(screen.queryByText(/Processing/)).toBeNull();
    expect(selectButton('Yearly', 'Digital access')).toHaveProperty('disabled', true);
    harness.services.events.emit({ name: 'modal.dismissed', payload: { widget: 'login' } });
    await settle();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false);
    expect(basketOf(harness).products).toHaveLength(1);
  });

  it('opened with handOver (by the paywall), submit tells the opener the choice instead of checking out', async () => {
    const { harness, user } = setup({ groupName: 'demo', handOver: 'true' });
    await screen.findByRole('heading', { name: /Digital access/ });
    await user.click(selectButton('Yearly', 'Digital access'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(harness.published).toContainEqual({ name: 'productSelection.success', payload: { productCount: 1 } });
    expect(harness.published.map((event) => event.name)).not.toContain('checkout.started');
    expect(harness.opened).toEqual([]);
    expect(basketOf(harness).products).toHaveLength(1);
  });

  it('submit runs the checkout to the payment and says Payment Successful', async () => {
    const { harness, user } = setup({ groupName: 'demo' }, { loggedIn: true });
    await screen.findByRole('heading', { name: /Digital access/ });
    await user.click(selectButton('Monthly', 'Digital access'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(harness.opened.map((entry) => entry.widget)).toEqual(['product-profile']));
    act(() => harness.services.events.emit({ name: 'productProfile.success', payload: { guid: 'guid-1' } }));
    await settle();
    act(() => harness.services.events.emit({ name: 'productSummary.success', payload: { productCount: 1 } }));
    await waitFor(() =>
      expect(harness.opened.at(-1)).toEqual({ widget: 'payment', attributes: { orderId: 'order-1' } }),
    );
    expect(screen.getByRole('button', { name: 'Checkout open — continue in the window' })).toHaveProperty(
      'disabled',
      true,
    );
    act(() => {
      basketFromAnotherFrame(harness, null);
      harness.services.events.emit({ name: 'payment.success', payload: { orderId: 'order-1' } });
    });
    expect(await screen.findByText('Payment Successful')).toBeTruthy();
  });
});
