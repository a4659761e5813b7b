import { useEffect, useMemo, useRef } from 'react';
import { catalogueError, PURCHASE_WIDGET_CONFIG_ARG, type PaymentPlan, type Product } from '@foyer/api/widget';
import type { ProductSelectionAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading, SubmitButton } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { useAppSelector } from '../../app/store/hooks';
import { useRequest } from '../../app/store/useRequest';
import { CheckoutFeedback, runnerButton } from '../../features/checkout/CheckoutFeedback';
import { useCheckout } from '../../features/checkout/useCheckout';
import { useBasket } from '../../app/store/useBasket';
import { useServices } from '../../app/store/useServices';
import { productsRequest } from '../../features/purchase/loadProducts';
import { choosePlan, columnSize, pickedPlan, plansOf, resolveSource, togglePick } from '../../features/purchase/picks';
import { ProductCard } from '../../features/purchase/ProductCard';
import '../../app/i18n/purchaseMessages';
import '../../features/checkout/purchase.css';
import '../../features/purchase/selectionMessages';

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

  // Exactly one plan given, or the one product the `id` attribute names has a single plan: it is
  // pre-selected and, with autoSelect, submitted at once (once).
  const products = load.status === 'succeeded' ? load.data : null;
  useEffect(() => {
    if (!products || attributes.displayOnly || (source.paymentPlans.length !== 1 && !source.productId)) return;
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
