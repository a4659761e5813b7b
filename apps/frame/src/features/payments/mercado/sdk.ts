/**
 * The part of Mercado Pago's JS SDK v2 (https://sdk.mercadopago.com/js/v2, "core methods") the
 * form uses, and an instance of it for a public key. The script is loaded by @mercadopago/sdk-js,
 * made retryable in loadSdk.ts.
 */
import { loadMercadoPagoSdk } from './loadSdk';

export interface IdentificationType {
  id: string;
  name: string;
  type?: string;
  min_length?: number;
  max_length?: number;
}

export interface PaymentMethodsResult {
  results: { id: string; name: string; payment_type_id?: string }[];
}

export interface CardTokenInput {
  cardNumber: string;
  cardholderName: string;
  cardExpirationMonth: string;
  cardExpirationYear: string;
  securityCode: string;
  identificationType: string;
  identificationNumber: string;
}

export interface MercadoPagoInstance {
  getIdentificationTypes(): Promise<IdentificationType[]>;
  getPaymentMethods(input: { bin: string }): Promise<PaymentMethodsResult>;
  createCardToken(input: CardTokenInput): Promise<{ id: string }>;
}

type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance;

/** Mercado Pago's SDK locales are country tags; the frame's language picks the nearest. */
function sdkLocale(locale: string | undefined): string {
  const tag = (locale ?? 'es').toLowerCase();
  if (tag.startsWith('pt')) return 'pt-BR';
  if (tag.startsWith('en')) return 'en-US';
  return 'es-AR';
}

/** Loads the SDK (again after a failure) and makes an instance for the public key. */
export async function createMercadoPago(publicKey: string, locale: string | undefined): Promise<MercadoPagoInstance> {
  const sdk = await loadMercadoPagoSdk();
  if (typeof sdk !== 'function') throw new Error('MercadoPago.js loaded without its constructor');
  const MercadoPago = sdk as MercadoPagoConstructor;
  return new MercadoPago(publicKey, { locale: sdkLocale(locale) });
}
