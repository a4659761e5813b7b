/**
 * The part of Mercado Pago's JS SDK v2 (https://sdk.mercadopago.com/js/v2, "core methods") the
 * form uses, and its loading. The SDK is loaded with our own retryable loader: the
 * @mercadopago/sdk-js package's loadMercadoPago keeps a failed load's rejected promise forever,
 * so a Retry button could never work with it. Same URL, same global.
 */
import { loadScript } from '../_payment/providerScript';

export const MERCADO_SDK_URL = 'https://sdk.mercadopago.com/js/v2';

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

export async function loadMercadoPago(doc: Document, publicKey: string, locale: string | undefined) {
  const win = doc.defaultView as (Window & { MercadoPago?: MercadoPagoConstructor }) | null;
  await loadScript(doc, MERCADO_SDK_URL, () => typeof win?.MercadoPago === 'function');
  const MercadoPago = win!.MercadoPago!;
  return new MercadoPago(publicKey, { locale: sdkLocale(locale) });
}
