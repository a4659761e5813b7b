/** Translated labels of the account area's statuses and reasons; unknown values show as sent. */
import type { Purchase, PurchaseStatus } from '@foyer/api/widget';
import { hasTranslation, t } from '../../app/i18n';
import { formatDate } from '../../app/i18n/dates';

/** Purchase spec §3: ACTIVE and ACTIVE_PENDING both show as ACTIVE. */
export function purchaseStatusLabel(status: string): string {
  const shown = status === 'ACTIVE_PENDING' ? 'ACTIVE' : status;
  const key = `purchase.status.${shown}`;
  return hasTranslation(key) ? t(key) : shown;
}

/**
 * Where a purchase is in its lifecycle: its subscription's status (the server moves a
 * subscription ACTIVE → PAST_DUE → EXPIRED, or CANCELLED → EXPIRED), else the purchase's own.
 */
export function purchaseStatus(purchase: Purchase): string {
  return purchase.subscription?.status ?? purchase.status;
}

/**
 * The line under a purchase's status: when an active subscription renews, how long a past-due
 * one keeps access, when a cancelled one ends, that a pending one awaits its payment. Null when
 * there is nothing to add (a one-off purchase, an expired subscription, a date the server left out).
 */
export function purchaseStatusDetail(purchase: Purchase): string | null {
  const subscription = purchase.subscription;
  const date = (value: string | undefined) => (value ? formatDate(value, 'dd-MMM-yyyy') : null);
  switch (purchaseStatus(purchase) as PurchaseStatus) {
    case 'ACTIVE': {
      const renews = date(subscription?.nextChargeDate);
      return renews && t('purchase.renewsOn', [renews]);
    }
    case 'ACTIVE_PENDING':
      return t('purchase.pendingPayment');
    case 'PAST_DUE': {
      const until = date(subscription?.graceEndDate);
      return until && t('purchase.accessUntil', [until]);
    }
    case 'CANCELLED': {
      const ends = date(subscription?.cancelDate ?? subscription?.endDate);
      return ends && t('purchase.endsOn', [ends]);
    }
    default:
      return null;
  }
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
