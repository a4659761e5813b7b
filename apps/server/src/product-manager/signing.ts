/**
 * The hosted payment page's two signatures (HMAC-SHA256, base64url), with keys derived from the
 * server's frame-token key so nothing new has to be configured:
 * - the transaction `payload` our server hands the page, naming the transaction, its amount and
 *   expiry, so the page cannot be sent another amount and nobody can make up a transaction;
 * - the page's result (`PAID` / `CANCELLED` over that payload), so a visitor cannot post "paid"
 *   without paying. The stand-in page plays the provider and holds the result key; a real
 *   provider's adapter would check its own signature here instead.
 * Replays are harmless: a transaction's result is recorded once (transaction.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TransactionPayload {
  /** Transaction id (v1_transactions.id). */
  t: string;
  /** The account's order (`_id` of the basket). */
  o: string;
  /** Amount in minor units and its currency, as priced from the catalogue. */
  a: number;
  c: string;
  /** Epoch ms after which the page refuses it. */
  e: number;
}

export type SigningPurpose = 'v1-transaction-payload' | 'v1-hosted-payment-result';

function sign(key: Buffer, purpose: SigningPurpose, text: string): string {
  const derived = createHmac('sha256', key).update(purpose).digest();
  return createHmac('sha256', derived).update(text).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function signPayload(key: Buffer, payload: TransactionPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(key, 'v1-transaction-payload', body)}`;
}

/** The payload when its signature is ours and it has not expired, else null. */
export function readPayload(key: Buffer, signed: string, now: number): TransactionPayload | null {
  const [body, signature, extra] = signed.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!sameText(signature, sign(key, 'v1-transaction-payload', body))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TransactionPayload>;
    const { t, o, a, c, e } = payload;
    if (typeof t !== 'string' || typeof o !== 'string' || typeof c !== 'string') return null;
    if (!Number.isSafeInteger(a) || typeof e !== 'number' || e < now) return null;
    return { t, o, a: a as number, c, e };
  } catch {
    return null;
  }
}

export function signResult(key: Buffer, payload: string, result: string): string {
  return sign(key, 'v1-hosted-payment-result', `${payload}|${result}`);
}

export function checkResult(key: Buffer, payload: string, result: string, signature: string): boolean {
  return sameText(signature, signResult(key, payload, result));
}
