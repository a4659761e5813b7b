import { t } from '../../i18n';
import type { V1Offer } from './contractPlaceholder';
import type { V1Choice } from './lines';
import { v1Frequency, v1Price } from './price';

export type V1Plan = V1Offer['plans'][number];

/** What a widget adds for a plan of an offer. */
export function choiceOf(offer: V1Offer, plan: V1Plan): V1Choice {
  return {
    productId: offer.productId,
    name: offer.name,
    description: plan.description || offer.description,
    price: plan.price,
    planId: plan.planId,
    currency: plan.currency,
  };
}

/**
 * One offer as a card (the version 2 product card's layout and classes, widgets/_checkout/purchase.css):
 * its plans, each with a toggle button; the plan on its way to the basket (the spec's delay) says
 * so and the others wait.
 */
export function OfferCard({
  offer,
  chosen,
  pending,
  decimals,
  onChoose,
}: {
  offer: V1Offer;
  chosen: string | undefined;
  /** `productId/planId` of the plan being added, if any (on any card). */
  pending: string | null;
  decimals: number;
  onChoose?: (plan: V1Plan) => void;
}) {
  return (
    <li className="product-card">
      <h2>{offer.name}</h2>
      {offer.imageUrl && <img className="product-image" src={offer.imageUrl} alt={offer.name} />}
      {offer.description && <p className="product-description">{offer.description}</p>}
      <ul className="plan-list" aria-label={t('v1.plans', [offer.name])}>
        {offer.plans.map((plan) => {
          const selected = chosen === plan.planId;
          const adding = pending === `${offer.productId}/${plan.planId}`;
          return (
            <li key={plan.planId} className={selected ? 'plan plan-selected' : 'plan'}>
              <span className="plan-name">{plan.name}</span>
              <span className="plan-price">{v1Price(plan.price, plan.currency, decimals)}</span>
              <span className="plan-frequency">{v1Frequency(plan.frequency)}</span>
              {plan.description && <p className="plan-description">{plan.description}</p>}
              {onChoose && (
                <button
                  type="button"
                  className="button plan-select"
                  aria-pressed={selected}
                  aria-busy={adding}
                  disabled={pending !== null}
                  onClick={() => onChoose(plan)}
                >
                  {adding && <span className="spinner spinner-small" aria-hidden="true" />}
                  {t(selected ? 'v1.chosen' : 'v1.choose')}{' '}
                  <span className="visually-hidden">{t('v1.planOf', [plan.name, offer.name])}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </li>
  );
}

/** The polite announcement of an add on its way (the spec's delay): a visible busy state. */
export function AddingStatus({ name }: { name: string | null }) {
  return (
    <p className={name ? 'v1-adding' : 'visually-hidden'} role="status">
      {name ? t('v1.adding', [name]) : ''}
    </p>
  );
}
