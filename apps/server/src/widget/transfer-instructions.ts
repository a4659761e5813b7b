/**
 * Where a bank transfer or cash order's money goes (shown in the payment step, on version 1's
 * hosted page and in the order confirmation mail). The site owner's details come from the
 * environment: FOYER_TRANSFER_BENEFICIARY, FOYER_TRANSFER_ACCOUNT (IBAN or account number) and,
 * optionally, FOYER_TRANSFER_BIC. Without a beneficiary and an account there are no instructions
 * (the production checks warn). The reference names the order so an operator can match the money.
 */
import type { TransferInstructions } from '@foyer/api';
import { money } from './catalogue';

type Env = Record<string, string | undefined>;

/** The reference the payer writes on the transfer: short enough to type, unique enough to match. */
export function transferReference(orderId: string): string {
  return `FOYER-${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export function transferInstructions(
  orderId: string,
  amountMinor: number,
  currency: string,
  env: Env = process.env,
): TransferInstructions | undefined {
  const beneficiary = env.FOYER_TRANSFER_BENEFICIARY?.trim();
  const account = env.FOYER_TRANSFER_ACCOUNT?.trim();
  if (!beneficiary || !account) return undefined;
  const bic = env.FOYER_TRANSFER_BIC?.trim();
  return {
    beneficiary,
    account,
    ...(bic ? { bic } : {}),
    reference: transferReference(orderId),
    amount: money(amountMinor, currency),
  };
}
