import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMercadoPago } from '@mercadopago/sdk-js';
import { loadMercadoPagoSdk, MERCADO_SDK_URL } from './loadSdk';

/**
 * The package keeps its first promise for the life of the module (here: this file), so this is
 * one story in order, as a visitor meets it: the network fails, Retry meets a broken answer,
 * the next Retry loads.
 */
const sdkScripts = () => [...document.querySelectorAll<HTMLScriptElement>(`script[src="${MERCADO_SDK_URL}"]`)];
const win = window as Window & { MercadoPago?: unknown };

afterEach(() => {
  delete win.MercadoPago;
});

describe('loading the Mercado Pago SDK through @mercadopago/sdk-js', () => {
  it('a failed load can be retried, and the package itself ends up resolved with the SDK', async () => {
    // 1. The package injects its <script>; concurrent callers share the attempt.
    const first = loadMercadoPagoSdk();
    expect(loadMercadoPagoSdk()).toBe(first);
    const [injected] = sdkScripts();
    expect(sdkScripts()).toHaveLength(1);
    injected!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/Failed to load MercadoPago\.js/);
    expect(sdkScripts()).toEqual([]);

    // 2. Retry injects a new element; it loads but defines nothing (e.g. an error page).
    const second = loadMercadoPagoSdk();
    expect(second).not.toBe(first);
    expect(sdkScripts()).toHaveLength(1);
    sdkScripts()[0]!.dispatchEvent(new Event('load'));
    await expect(second).rejects.toThrow(/Failed to load MercadoPago\.js/);
    expect(sdkScripts()).toEqual([]);

    // 3. Retry again: the script runs and defines the SDK.
    const third = loadMercadoPagoSdk();
    const MercadoPago = vi.fn();
    win.MercadoPago = MercadoPago;
    sdkScripts()[0]!.dispatchEvent(new Event('load'));
    await expect(third).resolves.toBe(MercadoPago);
    // The package's memoised promise was never rejected: it holds the SDK too.
    await expect(loadMercadoPago()).resolves.toBe(MercadoPago);

    // Later calls need no script at all.
    await expect(loadMercadoPagoSdk()).resolves.toBe(MercadoPago);
    expect(sdkScripts()).toHaveLength(1);
  });
});
