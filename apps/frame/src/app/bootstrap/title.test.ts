import { afterEach, describe, expect, it } from 'vitest';
import { loadLocale, setLocale } from '../i18n';
import '../../features/purchase/summaryMessages';
import '../../features/payments/messages';
import { frameTitle } from './title';

afterEach(() => setLocale('en'));

describe('frameTitle', () => {
  it("names a frame by its widget's heading, the summary in the modal as the review step", () => {
    expect(frameTitle('login', true)).toBe('Log in');
    expect(frameTitle('product-summary', false)).toBe('Order summary');
    expect(frameTitle('product-summary', true)).toBe('Review your order');
    expect(frameTitle('manual-payment', true)).toBe('Payment');
    expect(frameTitle('no-such-widget', false)).toBe('Foyer widget');
  });

  it('in the current language', async () => {
    await loadLocale('es');
    expect(frameTitle('login', true)).toBe('Iniciar sesión');
    expect(frameTitle('product-summary', true)).toBe('Revisa tu pedido');
    expect(frameTitle('payment', true)).toBe('Pago');
  });
});
