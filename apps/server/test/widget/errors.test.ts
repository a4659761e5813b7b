/** The purchase spec §8 error normalisation. */
import { normalizePaymentError, normalizePurchaseError } from '@foyer/api';
import { describe, expect, it } from 'vitest';

describe('normalizePurchaseError', () => {
  it('reads appErrorCode, message and httpErrorCode from the first entry of an array', () => {
    expect(
      normalizePurchaseError(400, [
        { appErrorCode: 'bex0004', message: 'no such product', httpErrorCode: 404 },
        { appErrorCode: 'ignored' },
      ]),
    ).toEqual({ code: 'bex0004', message: 'no such product', args: [], statusCode: 404 });
  });

  it('unwraps the structure embedded in an IDM Error message', () => {
    const body = [{ message: 'IDM Error: {"code":"IDENTIFIERS_INVALID","message":"bad login"}', httpErrorCode: 401 }];
    expect(normalizePurchaseError(500, body)).toMatchObject({ code: 'IDENTIFIERS_INVALID', statusCode: 401 });
    expect(normalizePurchaseError(400, { message: 'IDM Error: [{"code":"duplicate_user_profile"}]' })).toMatchObject({
      code: 'duplicate_user_profile',
      message: 'Email already in use! Please log in or use another email address.',
    });
  });

  it('passes our own error bodies through and makes anything else technical_difficulties', () => {
    expect(
      normalizePurchaseError(400, { code: 'no_products_selected', message: 'No products selected' }),
    ).toMatchObject({ code: 'no_products_selected', statusCode: 400 });
    expect(normalizePurchaseError(502, '<html>')).toMatchObject({ code: 'technical_difficulties', statusCode: 502 });
    expect(normalizePurchaseError(500, [])).toMatchObject({ code: 'technical_difficulties' });
    expect(normalizePurchaseError(500, [{ message: 'IDM Error: not json' }])).toMatchObject({
      code: 'technical_difficulties',
    });
  });

  it('makes a payment failure without an app error code payment_fail, else keeps the code', () => {
    expect(normalizePaymentError(402, { unexpected: true })).toMatchObject({
      code: 'payment_fail',
      message: 'Error Processing Payment',
    });
    expect(normalizePaymentError(402, [{ appErrorCode: 'card_declined' }])).toMatchObject({ code: 'card_declined' });
    expect(normalizePaymentError(0, undefined)).toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
