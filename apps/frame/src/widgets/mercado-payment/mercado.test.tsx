import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { validateYupSchema, yupToFormErrors } from 'formik';
import { BASKET_KEY } from '@foyer/api/widget';
import { paymentAttributesSchema } from '@foyer/protocol';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID } from '../../test/harness';
import {
  binOf,
  formatCardNumber,
  formatSecurityCode,
  mapMercadoError,
  mercadoCardSchema,
  mercadoErrorCodes,
  type CardContext,
} from '../../features/payments/mercado/card';
import type { MercadoPagoInstance } from '../../features/payments/mercado/sdk';
import { orderTarget } from '../../features/payments/orderTarget';

vi.mock('../../features/payments/mercado/sdk', () => ({ createMercadoPago: vi.fn() }));
const { createMercadoPago } = await import('../../features/payments/mercado/sdk');
const { default: MercadoForm } = await import('../../features/payments/mercado/MercadoForm');

describe('Mercado Pago card rules (spec §5, §9)', () => {
  it('groups the card number in fours, digits only, at most 16', () => {
    expect(formatCardNumber('4509953566233704')).toBe('4509 9535 6623 3704');
    expect(formatCardNumber('4509-9535 66ab23')).toBe('4509 9535 6623');
    expect(formatCardNumber('45099535662337041234')).toBe('4509 9535 6623 3704');
    expect(formatCardNumber('45095')).toBe('4509 5');
  });

  it('reads the BIN from the first 6 digits only once there are 6', () => {
    expect(binOf('4509 9')).toBeNull();
    expect(binOf('4509 95')).toBe('450995');
    expect(binOf('5031 7557 3453 0604')).toBe('503175');
  });

  /** The schema's errors by field, validated as the form's formik does (empty strings → undefined). */
  const errorsOf = (values: { cardNumber: string; securityCode: string }, context: CardContext) =>
    validateYupSchema(values, mercadoCardSchema, false, context).then(() => ({}), yupToFormErrors);

  it('takes a security code of 3 or 4 digits', async () => {
    expect(formatSecurityCode('12a345')).toBe('1234');
    const codeError = (securityCode: string) =>
      errorsOf({ cardNumber: '4509', securityCode }, { cardType: 'visa' }).then(
        (errors: { securityCode?: string }) => errors.securityCode,
      );
    expect(await codeError('123')).toBeUndefined();
    expect(await codeError('1234')).toBeUndefined();
    for (const code of ['', '12', '12345', '12a']) {
      expect(await codeError(code)).toBe('payment.mercado.error.securityCode');
    }
  });

  it('wants a card number whose card type the BIN lookup found', async () => {
    const valid = { cardNumber: '4509 9535 6623 3704', securityCode: '123' };
    expect(await errorsOf(valid, { cardType: 'visa' })).toEqual({});
    expect(await errorsOf(valid, { cardType: null })).toEqual({ cardNumber: 'payment.mercado.error.noCardType' });
    expect(await errorsOf({ ...valid, cardNumber: '' }, { cardType: null })).toEqual({
      cardNumber: 'payment.mercado.error.205',
    });
  });

  it('maps the provider codes to fields, others to Invalid parameters', () => {
    expect(mapMercadoError('205')).toEqual({ field: 'cardNumber', message: 'payment.mercado.error.205' });
    expect(mapMercadoError('208').field).toBe('cardExpirationMonth');
    expect(mapMercadoError('209').field).toBe('cardExpirationYear');
    expect(mapMercadoError('221').field).toBe('cardholderName');
    expect(mapMercadoError('224').field).toBe('securityCode');
    expect(mapMercadoError('E301').field).toBe('cardNumber');
    expect(mapMercadoError('E302').field).toBe('securityCode');
    expect(mapMercadoError('E203').field).toBe('securityCode');
    expect(mapMercadoError('316')).toEqual({ field: null, message: 'payment.mercado.error.default' });
    expect(mercadoErrorCodes([{ code: '205' }, { code: 221 }])).toEqual(['205', '221']);
    expect(mercadoErrorCodes({ cause: [{ code: 'E301' }] })).toEqual(['E301']);
    expect(mercadoErrorCodes(new Error('x'))).toEqual([]);
  });
});

const session = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
const total = { amount: 1299, currency: 'EUR', display: '12.99' };
const page = {
  providerName: 'MERCADO' as const,
  orderId: 'ord-1',
  orderStatus: 'CREATED' as const,
  total,
  publishableKey: 'TEST-pk',
};

function fakeMp(overrides: Partial<MercadoPagoInstance> = {}): MercadoPagoInstance {
  return {
    getIdentificationTypes: async () => [
      { id: 'DNI', name: 'DNI' },
      { id: 'CPF', name: 'CPF' },
    ],
    getPaymentMethods: vi.fn(async ({ bin }: { bin: string }) => ({
      results: bin.startsWith('4') ? [{ id: 'visa', name: 'Visa' }] : [],
    })),
    createCardToken: vi.fn(async () => ({ id: 'tok_APRO' })),
    ...overrides,
  };
}

function setup(mp: MercadoPagoInstance, reply = { status: 200, body: {} as unknown }) {
  vi.mocked(createMercadoPago).mockResolvedValue(mp);
  const server = fakeIdentityServer({ 'POST /pm/api/widget/payment/ord-1': () => reply });
  const attributes = paymentAttributesSchema.parse({});
  const harness = makeHarness({ fetch: server.fetch, attributes, preloaded: { session } });
  harness.storage.tab.setItem(BASKET_KEY, JSON.stringify({ products: [], id: 'ord-1' }));
  renderWith(harness, <MercadoForm attributes={attributes} target={orderTarget('ord-1', page)} />);
  return { server, harness, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, number = '4509953566233704', code = '123') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry month (MM)'), '11');
  await user.type(screen.getByLabelText('Expiry year (YYYY)'), '2030');
  if (code) await user.type(screen.getByLabelText('Security code'), code);
  await user.type(screen.getByLabelText('Cardholder name'), 'APRO');
  await user.selectOptions(screen.getByLabelText('Document type'), 'CPF');
  await user.type(screen.getByLabelText('Document number'), '12345678909');
}

describe('Mercado Pago form', () => {
  it('groups while typing, detects the card type from the BIN, tokenises and posts the token with card type and document', async () => {
    const paid = {
      paymentId: 'p',
      orderId: 'ord-1',
      status: 'SUCCEEDED',
      amount: total,
      providerName: 'MERCADO',
      purchases: [],
    };
    const mp = fakeMp();
    const { server, user } = setup(mp, { status: 200, body: paid });
    await fill(user, '45099535662337049999');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4509 9535 6623 3704');
    expect(screen.getByLabelText('Card number').getAttribute('autocomplete')).toBe('cc-number');
    expect(await screen.findByText('Card type: Visa')).toBeTruthy();
    expect(mp.getPaymentMethods).toHaveBeenCalledWith({ bin: '450995' });
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    expect((await screen.findByRole('status')).textContent).toBe('Payment Successful');
    expect(mp.createCardToken).toHaveBeenCalledWith(
      expect.objectContaining({ cardNumber: '4509953566233704', securityCode: '123' }),
    );
    expect(server.requests[0]?.body).toEqual({
      token: 'tok_APRO',
      paymentMethodId: 'visa',
      payerIdentification: { type: 'CPF', number: '12345678909' },
    });
  });

  it('refuses an undetected card type and a short security code without asking the provider', async () => {
    const mp = fakeMp();
    const { server, user } = setup(mp);
    await fill(user, '9999999999999999', '12');
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'We could not recognise this card number.',
      'The security code has 3 or 4 digits.',
    ]);
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(mp.createCardToken).not.toHaveBeenCalled();
    expect(server.requests).toEqual([]);
  });

  it("shows the provider's token errors on their fields and unknown codes as 'Invalid parameters'", async () => {
    const mp = fakeMp({
      createCardToken: vi
        .fn()
        .mockRejectedValueOnce([{ code: '221' }, { code: 'E302' }])
        .mockRejectedValueOnce({ cause: [{ code: '999' }] }),
    });
    const { server, user } = setup(mp);
    await fill(user);
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'Check the security code.',
        'Enter the cardholder name.',
      ]),
    );
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Invalid parameters']),
    );
    expect(server.requests).toEqual([]);
  });

  it("editing a field clears its own error and keeps the others'", async () => {
    const mp = fakeMp({ createCardToken: vi.fn().mockRejectedValueOnce([{ code: '221' }, { code: 'E302' }]) });
    const { user } = setup(mp);
    await fill(user);
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await screen.findByText('Enter the cardholder name.');
    await user.type(screen.getByLabelText('Cardholder name'), 'X');
    expect(screen.queryByText('Enter the cardholder name.')).toBeNull();
    expect(screen.getByLabelText('Cardholder name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Check the security code.']);
  });

  it("shows the provider's refusal from the server", async () => {
    const { user, harness } = setup(fakeMp(), {
      status: 402,
      body: { code: 'payment_fail', args: ['cc_rejected_bad_filled_security_code'] },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error Processing Payment');
    expect(harness.storage.tab.getItem(BASKET_KEY)).not.toBeNull();
  });
});
