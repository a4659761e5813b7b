/**
 * The card rules of provider B (Mercado Pago) in purchase spec §5 and §9, kept pure for tests:
 * the card number is digits grouped in fours and at most 16 digits, the BIN is its first 6 digits,
 * the security code is 3 or 4 digits (the yup schema), and the provider's error codes map to
 * field messages.
 */
import { object, string } from 'yup';

export const CARD_NUMBER_MAX_DIGITS = 16;
export const BIN_LENGTH = 6;

export type MercadoField =
  | 'cardNumber'
  | 'securityCode'
  | 'cardExpirationMonth'
  | 'cardExpirationYear'
  | 'cardholderName'
  | 'identificationNumber';

/** Digits only, cut at 16, grouped in fours: '4509953566233704' → '4509 9535 6623 3704'. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function cardDigits(formatted: string): string {
  return formatted.replace(/\D/g, '');
}

/** The first 6 digits once there are 6, else null: the card type is looked up from it. */
export function binOf(formatted: string): string | null {
  const digits = cardDigits(formatted);
  return digits.length >= BIN_LENGTH ? digits.slice(0, BIN_LENGTH) : null;
}

/** Digits only, at most 4 (what the field keeps while typing). */
export function formatSecurityCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

/** What the form's validation knows besides the values: the card type detected from the BIN. */
export interface CardContext {
  cardType: string | null;
}

/**
 * What the form checks before asking Mercado Pago (spec §5): a card type detected from the BIN
 * (passed as the validation context, since it is the provider's answer, not a value typed) and a
 * security code of 3 or 4 digits. Month, year, name and document are the provider's to judge
 * (208, 209, 221 …). Messages are translation codes.
 */
export const mercadoCardSchema = object({
  cardNumber: string()
    .required('payment.mercado.error.205')
    .test('card-type', 'payment.mercado.error.noCardType', (_number, test) =>
      Boolean((test.options.context as CardContext | undefined)?.cardType),
    ),
  securityCode: string()
    .required('payment.mercado.error.securityCode')
    .matches(/^\d{3,4}$/, 'payment.mercado.error.securityCode'),
});

/** Provider error codes of spec §5 (+ E203, its current code for a bad security code) → field. */
const CODE_FIELDS: Record<string, MercadoField> = {
  '205': 'cardNumber',
  '208': 'cardExpirationMonth',
  '209': 'cardExpirationYear',
  '221': 'cardholderName',
  '224': 'securityCode',
  E301: 'cardNumber',
  E302: 'securityCode',
  E203: 'securityCode',
};

export interface MappedError {
  /** null: no field of ours, the message shows in the form's error area. */
  field: MercadoField | null;
  /** Translation code: payment.mercado.error.<code>, else the 'Invalid parameters' default. */
  message: string;
}

export function mapMercadoError(code: string): MappedError {
  const field = CODE_FIELDS[code];
  return field
    ? { field, message: `payment.mercado.error.${code}` }
    : { field: null, message: 'payment.mercado.error.default' };
}

/**
 * The codes of a createCardToken refusal. The SDK rejects with a list of `{code, message}` or an
 * object with such a list in `cause`; anything else has no code (→ 'Invalid parameters').
 */
export function mercadoErrorCodes(error: unknown): string[] {
  const list: unknown = Array.isArray(error)
    ? error
    : typeof error === 'object' && error !== null && Array.isArray((error as { cause?: unknown }).cause)
      ? (error as { cause: unknown[] }).cause
      : [];
  return (list as unknown[])
    .map((entry) => (typeof entry === 'object' && entry !== null ? (entry as { code?: unknown }).code : undefined))
    .filter((code): code is string | number => typeof code === 'string' || typeof code === 'number')
    .map(String);
}
