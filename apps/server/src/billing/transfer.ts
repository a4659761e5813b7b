/**
 * The site owner's account for bank transfers and cash (shown in the payment step and mailed with
 * the order confirmation and the renewal notices), from the environment:
 *   FOYER_TRANSFER_BENEFICIARY  who receives the money
 *   FOYER_TRANSFER_ACCOUNT      IBAN or account number
 *   FOYER_TRANSFER_BIC          BIC / SWIFT (optional)
 * Unset: no instructions are given (a production start warns).
 */
import type { Money, TransferInstructions } from '@foyer/api';

export interface TransferAccount {
  beneficiary: string;
  account: string;
  bic?: string | undefined;
}

export function transferAccountFromEnv(
  env: Record<string, string | undefined> = process.env,
): TransferAccount | undefined {
  const beneficiary = env.FOYER_TRANSFER_BENEFICIARY?.trim();
  const account = env.FOYER_TRANSFER_ACCOUNT?.trim();
  if (!beneficiary || !account) return undefined;
  const bic = env.FOYER_TRANSFER_BIC?.trim();
  return { beneficiary, account, ...(bic ? { bic } : {}) };
}

/** What the payer writes on the transfer: `FOYER-` and the first 8 characters of the order (or renewal) id. */
export function transferReference(id: string): string {
  return `FOYER-${id.slice(0, 8).toUpperCase()}`;
}

/** What the payer of order (or renewal) `id` is shown: the owner's account, the reference, the amount. */
export function transferInstructions(
  account: TransferAccount | undefined,
  id: string,
  amount: Money,
): TransferInstructions | undefined {
  return account && { ...account, reference: transferReference(id), amount };
}
