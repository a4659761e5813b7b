/** Translated labels of the account area's statuses and reasons; unknown values show as sent. */
import type { Purchase } from '@foyer/api/widget';
import { hasTranslation, t } from '../../i18n';

/** Purchase spec §3: ACTIVE and ACTIVE_PENDING both show as ACTIVE. */
export function purchaseStatusLabel(status: string): string {
  const shown = status === 'ACTIVE_PENDING' ? 'ACTIVE' : status;
  const key = `purchase.status.${shown}`;
  return hasTranslation(key) ? t(key) : shown;
}

export function grantStatusLabel(status: string): string {
  const key = `grant.status.${status}`;
  return hasTranslation(key) ? t(key) : status;
}

/**
 * A grant's role: the server names it `product:role` (e.g. `demo-digital:reader`); the visitor
 * sees the role's translated label. A role we have no label for shows its own name, never the
 * product prefix (the product has its own column).
 */
export function roleLabel(roleName: string): string {
  const role = roleName.slice(roleName.lastIndexOf(':') + 1);
  const key = `grant.role.${role}`;
  return hasTranslation(key) ? t(key) : role;
}

export function frequencyLabel(frequency: string | undefined): string {
  if (!frequency) return '-';
  const key = `purchase.frequency.${frequency}`;
  return hasTranslation(key) ? t(key) : frequency;
}

/** A reason of List_Reasons_Cancel: our translation of its key, else the server's own words. */
export function reasonLabel(reason: { key: string; value: string }): string {
  const key = `cancel.reason.${reason.key}`;
  return hasTranslation(key) ? t(key) : reason.value;
}

/** "Digital edition — Yearly plan": the product and its plan, as the list names a purchase. */
export function purchaseName(purchase: Purchase): string {
  const plan = purchase.orderItem.paymentPlan ?? purchase.orderItem.bundlePlan;
  return plan
    ? `${purchase.orderItem.product.displayName} — ${plan.displayName}`
    : purchase.orderItem.product.displayName;
}

export function purchaseFrequency(purchase: Purchase): string | undefined {
  return (purchase.orderItem.paymentPlan ?? purchase.orderItem.bundlePlan)?.frequency.id;
}
