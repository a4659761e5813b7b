import type { PaymentPlan, Product } from '@foyer/api/widget';
import type { V1Offer } from '@foyer/api/v1';
import { t } from '../../app/i18n';
import type { V1Choice } from './lines';
import { v1Price } from './price';

/** What a widget adds for a plan of an offer (an offer is a catalogue product, @foyer/api/v1). */
export function choiceOf(offer: V1Offer, plan: PaymentPlan): V1Choice {
  const money = plan.price;
  return {
    productId: offer.productId,
    name: offer.displayName,
    description: plan.description || plan.displayName,
    price: Number(money.display),
    planId: plan._id,
    currency: money.currency,
  };
}

/** A plan's price with the widget's decimals (purchase spec §9: configurable in version 1). */
export const v1PlanPrice = (decimals: number) => (plan: PaymentPlan) => {
  const money = plan.price;
  return v1Price(money.display, money.currency, decimals);
};

/** The key of a plan on its way to the basket. */
export const pendingKey = (product: Product, plan: PaymentPlan) => `${product.productId}/${plan._id}`;

/** The polite announcement of an add on its way (the spec's delay): a visible busy state. */
export function AddingStatus({ name }: { name: string | null }) {
  return (
    // Always there, one line tall even when empty: the frame keeps its height when the add is
    // done, so what is below it on the page (the basket, its Checkout button) does not move.
    <p className="v1-adding" role="status">
      {name ? t('v1.adding', [name]) : ''}
    </p>
  );
}
