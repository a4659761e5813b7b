import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { catalogueError, PURCHASE_WIDGET_CONFIG_ARG, type PaymentPlan, type Product } from '@foyer/api/widget';
import type { ProductSelectionAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { Loading, SubmitButton } from '../../components/Loading';
import { WidgetHeading } from '../../components/WidgetHeading';
import { t } from '../../i18n';
import type { WidgetProps } from '../widgetProps';
import { useAppSelector } from '../../store/hooks';
import { useRequest } from '../../store/useRequest';
import { CheckoutFeedback, runnerButton } from '../_checkout/CheckoutFeedback';
import { useCheckout } from '../_checkout/useCheckout';
import { planPrice } from '../_purchase/money';
import { useBasket } from '../_purchase/useBasket';
import { useServices } from '../_purchase/useServices';
import { productsRequest } from './loadProducts';
import { choosePlan, columnSize, pickedPlan, plansOf, resolveSource, togglePick } from './picks';
import '../_purchase/messages';
import '../_checkout/purchase.css';
import './messages';

/**
 * Product selection (purchase spec §2): the products of a group or one product as cards, a plan
 * per product picked into the page's basket at once, and a submit button that starts the checkout
 * (§4). The selection is the basket: a product removed elsewhere (the summary) is deselected here.
 */
export default function ProductSelectionWidget({ attributes }: WidgetProps<ProductSelectionAttributes>) {
  const services = useServices();
  const query = useAppSelector((state) => state.frame.query);
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const [basket, update] = useBasket();
  const checkout = useCheckout('product-selection', basket);
  const button = runnerButton(checkout, attributes.submitLabel ?? t('productSelection.submit'));
  const source = useMemo(() => resolveSource(attributes, query), [attributes, query]);
  const configured = !!(source.groupName || source.productName);
  // The session changes which plans are marked subscribed: load again on login and logout.
  const load = useRequest(productsRequest, { source, showHidden: attributes.showHidden }, { reloadOn: [loggedIn] });
  const autoSubmitted = useRef(false);

  const submit = async () => {
    // Opened by a widget that checks out itself: tell it the choice (the modal closes on it).
    if (attributes.handOver && basket.products.length > 0) {
      services.host.publish({ name: 'productSelection.success', payload: { productCount: basket.products.length } });
      return;
    }
    const outcome = await checkout.start();
    if (outcome?.status === 'failed' && outcome.error.code === 'NO_PRODUCT_SELECTED') {
      services.host.publish({
        name: 'productSelection.failed',
        payload: { code: outcome.error.code, statusCode: outcome.error.statusCode },
      });
    }
  };

  // Exactly one plan given: it is pre-selected and, with autoSelect, submitted at once (once).
  const products = load.status === 'succeeded' ? load.data : null;
  useEffect(() => {
    if (!products || attributes.displayOnly || source.paymentPlans.length !== 1) return;
    const only = products.flatMap((product) => plansOf(product).map((plan) => ({ product, plan })));
    const single = only.length === 1 ? only[0] : undefined;
    if (!single || single.plan.subscribed) return;
    update((current) => choosePlan(current, single.product, single.plan, attributes.multiSelect));
    if (attributes.autoSelect && !autoSubmitted.current) {
      autoSubmitted.current = true;
      void submit();
    }
    // Runs when the products arrive, not on every basket change (a removal must stay removed).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [products]);

  const title = attributes.title ?? t('productSelection.title');
  if (!configured) {
    return (
      <>
        <WidgetHeading show={attributes.showHeader}>{title}</WidgetHeading>
        <ErrorMessageBox error={catalogueError('INVALID_WIDGET_CONFIG', [PURCHASE_WIDGET_CONFIG_ARG])} />
      </>
    );
  }

  const columns = columnSize(products?.length ?? 1, attributes.minColSize);
  const pick = (product: Product, plan: PaymentPlan) =>
    update((current) => togglePick(current, product, plan, attributes.multiSelect));

  return (
    <div className="product-selection">
      <WidgetHeading show={attributes.showHeader}>{title}</WidgetHeading>
      {(load.status === 'idle' || load.status === 'loading') && <Loading />}
      {load.status === 'failed' && attributes.showErrorMsgs && <ErrorMessageBox error={load.error} />}
      {products && products.length === 0 && <p>{t('productSelection.none')}</p>}
      {products && products.length > 0 && (
        <ul className="product-grid" aria-label={t('productSelection.products')}>
          {products.map((product) => (
            <ProductCard
              key={product.name}
              product={product}
              picked={pickedPlan(basket, product.name)}
              columns={columns}
              smColumns={attributes.smColSize}
              showBoosted={attributes.showBoosted}
              displayOnly={attributes.displayOnly}
              disabled={checkout.busy}
              onPick={pick}
            />
          ))}
        </ul>
      )}
      <CheckoutFeedback checkout={checkout} showErrorMsgs={attributes.showErrorMsgs} />
      {!attributes.displayOnly && products && products.length > 0 && (
        <div className="actions">
          <SubmitButton
            type="button"
            busy={button.busy}
            disabled={button.disabled}
            label={button.label}
            busyLabel={button.busyLabel}
            onClick={() => void submit()}
          />
        </div>
      )}
    </div>
  );
}

function ProductCard({
  product,
  picked,
  columns,
  smColumns,
  showBoosted,
  displayOnly,
  disabled,
  onPick,
}: {
  product: Product;
  picked: string | undefined;
  columns: number;
  smColumns: number;
  showBoosted: boolean;
  displayOnly: boolean;
  disabled: boolean;
  onPick: (product: Product, plan: PaymentPlan) => void;
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
              <span className="plan-price">{planPrice(plan.trialPrice ?? plan.finalPrice, plan.currency.symbol)}</span>
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
                  onClick={() => onPick(product, plan)}
                >
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
