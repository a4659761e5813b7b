import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BASKET_KEY } from '@foyer/api/widget';
import { directDebitCompleteAttributesSchema, directDebitRequestAttributesSchema } from '@foyer/protocol';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../test/harness';
import DirectDebitCompleteWidget from '../direct-debit-complete';
import { isSafeRedirect, returnUrlOf } from '../../features/payments/direct-debit/directDebit';
import DirectDebitRequestWidget from './index';

const session = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
const HOST = 'https://shop.example/checkout/done?ref=7&orderId=old';

function setup(
  routes: Record<string, Handler>,
  options: { query?: Record<string, string>; attributes?: Record<string, string>; hostAccepts?: boolean } = {},
) {
  const server = fakeIdentityServer(routes);
  const harness = makeHarness({
    fetch: server.fetch,
    preloaded: { session },
    frame: { hostUrl: HOST, query: options.query ?? {} },
    ...(options.hostAccepts === undefined ? {} : { hostAccepts: options.hostAccepts }),
  });
  harness.storage.tab.setItem(BASKET_KEY, JSON.stringify({ products: [], id: 'ord-1' }));
  return { server, harness };
}

describe('direct-debit helpers', () => {
  it('accepts https redirects, and http only on this machine', () => {
    expect(isSafeRedirect('https://pay.gocardless.com/flow/RE1')).toBe(true);
    expect(isSafeRedirect('http://127.0.0.1:4000/flow/RE1')).toBe(true);
    expect(isSafeRedirect('http://localhost/flow')).toBe(true);
    expect(isSafeRedirect('http://evil.example/flow')).toBe(false);
    expect(isSafeRedirect('javascript:alert(1)')).toBe(false);
    expect(isSafeRedirect('/relative')).toBe(false);
  });

  it('returns to the returnUrl attribute or the host page, without old return parameters', () => {
    expect(returnUrlOf(undefined, HOST)).toBe('https://shop.example/checkout/done?ref=7');
    expect(returnUrlOf('https://shop.example/back?redirect_flow_id=x', HOST)).toBe('https://shop.example/back');
    expect(returnUrlOf(undefined, null)).toBeNull();
  });
});

describe('direct-debit-request', () => {
  it("'Process payment' requests the mandate back to the host page and sends the top window to the provider", async () => {
    const { server, harness } = setup({
      'POST /pm/api/widget/payment/ord-1/directdebit': () => ({
        status: 201,
        body: { redirectUrl: 'https://pay.gocardless.test/flow/RE1', redirectFlowId: 'RE1' },
      }),
    });
    const attributes = directDebitRequestAttributesSchema.parse({});
    renderWith(harness, <DirectDebitRequestWidget attributes={attributes} />);
    await userEvent.click(screen.getByRole('button', { name: 'Process payment' }));
    await screen.findByRole('button', { name: /Opening the mandate page/ });
    expect(server.requests[0]?.body).toEqual({ successRedirectUrl: 'https://shop.example/checkout/done?ref=7' });
    expect(harness.published).toContainEqual({ name: 'directDebit.redirect', payload: { orderId: 'ord-1' } });
    expect(harness.navigations).toEqual(['https://pay.gocardless.test/flow/RE1']);
  });

  it('refuses a redirect that is not https: redirect_url_invalid, no navigation', async () => {
    const { harness } = setup({
      'POST /pm/api/widget/payment/ord-1/directdebit': () => ({
        status: 201,
        body: { redirectUrl: 'http://evil.example/flow', redirectFlowId: 'RE1' },
      }),
    });
    renderWith(harness, <DirectDebitRequestWidget attributes={directDebitRequestAttributesSchema.parse({})} />);
    await userEvent.click(screen.getByRole('button', { name: 'Process payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The payment provider gave an invalid redirect address',
    );
    expect(harness.navigations).toEqual([]);
    expect(harness.published).toContainEqual({
      name: 'directDebit.failed',
      payload: { code: 'redirect_url_invalid', statusCode: 502 },
    });
  });
});

describe('direct-debit-complete', () => {
  const attributes = directDebitCompleteAttributesSchema.parse({});

  it('completes the mandate from orderId and redirect_flow_id: success, basket removed, directDebit.success', async () => {
    const { server, harness } = setup(
      {
        'PUT /pm/api/widget/payment/ord-1/directdebit': () => ({
          status: 200,
          body: {
            paymentId: 'p',
            orderId: 'ord-1',
            status: 'SUCCEEDED',
            amount: { amount: 100, currency: 'EUR', display: '1.00' },
            providerName: 'GOCARDLESS',
            purchases: [],
          },
        }),
      },
      { query: { orderId: 'ord-1', redirect_flow_id: 'RE000001' } },
    );
    renderWith(harness, <DirectDebitCompleteWidget attributes={attributes} />);
    expect((await screen.findByText('Payment Successful')).getAttribute('role')).toBe('status');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toEqual({ redirectFlowId: 'RE000001', processImmediately: true });
    expect(harness.storage.tab.getItem(BASKET_KEY)).toBeNull();
    expect(harness.published).toContainEqual({ name: 'directDebit.success', payload: { orderId: 'ord-1' } });
  });

  it.each([
    [{ redirect_flow_id: 'RE1' }, 'The orderId query parameter is invalid'],
    [{ orderId: 'ord 1<', redirect_flow_id: 'RE1' }, 'The orderId query parameter is invalid'],
    [{ orderId: 'ord-1' }, 'The redirect_flow_id query parameter is invalid'],
    [{ orderId: 'ord-1', redirect_flow_id: '../x' }, 'The redirect_flow_id query parameter is invalid'],
  ])('query %o: %s, no request', async (query, text) => {
    const { server, harness } = setup({}, { query });
    renderWith(harness, <DirectDebitCompleteWidget attributes={attributes} />);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(server.requests).toEqual([]);
  });
});
