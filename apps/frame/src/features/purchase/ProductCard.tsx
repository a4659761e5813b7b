import type { CSSProperties } from 'react';
import type { PaymentPlan, Product } from '@foyer/api/widget';
import { t } from '../../app/i18n';
import { planPrice } from '../../app/i18n/money';
import { plansOf } from './picks';
import './selectionMessages';

/**
 * One product as a card (purchase spec §2): image, features, its plans with price, frequency and a
 * select toggle. Shared by the version 2 product selection and the version 1 widgets, whose
 * offers are the same products (`price` formats a plan's price their way: v1's configurable decimals).
 */
export function ProductCard({
  product,
  picked,
  columns,
  smColumns,
  showBoosted,
  displayOnly,
  disabled,
  onPick,
  price = (plan) => planPrice(plan.price, plan.currency.symbol),
  busyPlan,
}: {
  product: Product;
  picked: string | undefined;
  columns: number;
  smColumns: number;
  showBoosted: boolean;
  displayOnly: boolean;
  disabled: boolean;
  onPick: (product: Product, plan: PaymentPlan) => void;
  price?: (plan: PaymentPlan) => string;
  /** The plan being added (v1's delay before adding): its button says it is busy. */
  busyPlan?: string | undefined;
}) {
  const headingId = `product-${product.name}`;
  const style = { '--col': columns, '--col-sm': smColumns } as CSSProperties;
  const classes = ['product-card', `col-md-${columns}`, `col-sm-${smColumns}`];
  if (product.recommended) classes.push('product-recommended');
  return (
    <li className={classes.join(' ')} style={style}>
      <h2 id={headingId}>
        {product.displayName}
        {showBoosted && (product.recommended || product.boosted) && (
          <Star label={t(product.recommended ? 'productSelection.recommended' : 'productSelection.featured')} />
        )}
      </h2>
      {product.imageUrl && <img className="product-image" src={product.imageUrl} alt={product.displayName} />}
      {product.features.length > 0 && (
        <ul className="product-features" aria-label={t('productSelection.features')}>
          {product.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
      <ul className="plan-list" aria-label={t('productSelection.plans', [product.displayName])}>
        {plansOf(product).map((plan) => {
          const selected = picked === plan._id;
          return (
            <li key={plan._id} className={selected ? 'plan plan-selected' : 'plan'}>
              <span className="plan-name">
                {plan.displayName}
                {showBoosted && (plan.recommended || plan.boosted) && (
                  <Star label={t(plan.recommended ? 'productSelection.recommended' : 'productSelection.featured')} />
                )}
              </span>
              <span className="plan-price">{price(plan)}</span>
              <span className="plan-frequency">{t(`purchase.frequency.${plan.frequency.id}`)}</span>
              {plan.description && <p className="plan-description">{plan.description}</p>}
              {plan.subscribed && <p className="plan-subscribed">{t('productSelection.subscribed')}</p>}
              {!displayOnly && (
                // A toggle button, aria-pressed when picked; its text (and so its name, which
                // must contain what is seen) says 'Selected <plan> (<product>)' then.
                <button
                  type="button"
                  className="button plan-select"
                  aria-pressed={selected}
                  disabled={disabled || plan.subscribed}
                  aria-busy={busyPlan === plan._id || undefined}
                  onClick={() => onPick(product, plan)}
                >
                  {busyPlan === plan._id && <span className="spinner spinner-small" aria-hidden="true" />}
                  {t(selected ? 'productSelection.selected' : 'productSelection.select')}{' '}
                  <span className="visually-hidden">
                    {t('productSelection.planOf', [plan.displayName, product.displayName])}
                  </span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </li>
  );
}

function Star({ label }: { label: string }) {
  return (
    <>
      {' '}
      <span className="product-star">
        <span aria-hidden="true">★</span>
        <span className="visually-hidden">({label})</span>
      </span>
    </>
  );
}
