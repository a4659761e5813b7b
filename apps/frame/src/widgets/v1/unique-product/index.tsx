import { useEffect, useRef } from 'react';
import type { V1UniqueProductAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../../ui/ErrorMessageBox';
import { Loading } from '../../../ui/Loading';
import { WidgetHeading } from '../../../ui/WidgetHeading';
import { t } from '../../../app/i18n';
import { useAppSelector } from '../../../app/store/hooks';
import { useRequest } from '../../../app/store/useRequest';
import type { WidgetProps } from '../../../app/widgetProps';
import { chosenPlan } from '../../../features/v1/lines';
import { ProductCard } from '../../../features/purchase/ProductCard';
import { plansOf } from '../../../features/purchase/picks';
import { AddingStatus, choiceOf, pendingKey, v1PlanPrice } from '../../../features/v1/OfferCard';
import { v1OfferRequest } from '../../../features/v1/requests';
import { UNIQUE_PRODUCT_DELAY_MS, useDelayedAdd } from '../../../features/v1/useDelayedAdd';
import { useV1Basket } from '../../../features/v1/useV1Basket';
import { useV1Checkout } from '../../../features/v1/useV1Checkout';
import { V1CheckoutControl } from '../../../features/v1/V1CheckoutControl';
import '../../../app/i18n/purchaseMessages';
import '../../../features/checkout/purchase.css';
import '../../../features/v1/messages';
import '../../../features/v1/v1.css';

/**
 * Version 1 unique product (purchase spec §2, §9): the product and plan the page's query names
 * (idProductUnique, idProductPlan; GET /offers/{productId}/{planId}), put in the basket after the
 * spec's 2000 ms (busy meanwhile), then the checkout.
 */
export default function V1UniqueProduct({ attributes }: WidgetProps<V1UniqueProductAttributes>) {
  const query = useAppSelector((state) => state.frame.query);
  const productId = query.idProductUnique?.trim() ?? '';
  const planId = query.idProductPlan?.trim() || undefined;
  const { basket, add } = useV1Basket();
  const checkout = useV1Checkout();
  const adding = useDelayedAdd(UNIQUE_PRODUCT_DELAY_MS);
  const load = useRequest(v1OfferRequest, { productId, planId }, { skip: !productId });
  const offer = load.status === 'succeeded' ? load.data : null;
  const plan = offer && (plansOf(offer).find((candidate) => candidate._id === planId) ?? plansOf(offer)[0]);

  // Added once per view, unless that plan is in the basket already (a reload of the page).
  const scheduled = useRef(false);
  useEffect(() => {
    if (!offer || !plan || scheduled.current) return;
    scheduled.current = true;
    if (chosenPlan(basket, offer.productId) === plan._id) return;
    adding.schedule(pendingKey(offer, plan), () => add(choiceOf(offer, plan)));
  }, [offer, plan, basket, adding, add]);

  const heading = (
    <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('v1.unique.title')}</WidgetHeading>
  );
  if (!productId) {
    return (
      <>
        {heading}
        <p>{t('v1.unique.missing')}</p>
      </>
    );
  }
  if (load.status === 'failed') {
    return (
      <>
        {heading}
        {attributes.showErrorMsgs && <ErrorMessageBox error={load.error} />}
      </>
    );
  }
  if (!offer || !plan) return <Loading />;
  // Only the plan the query named (a bundle's plans are its bundlePlans).
  const only = offer.type === 'BUNDLE' ? { ...offer, bundlePlans: [plan] } : { ...offer, paymentPlans: [plan] };
  return (
    <div className="product-selection v1-unique-product">
      {heading}
      <ul className="product-grid" aria-label={t('v1.offers')}>
        <ProductCard
          product={only}
          picked={chosenPlan(basket, offer.productId)}
          columns={12}
          smColumns={12}
          showBoosted
          displayOnly
          disabled
          price={v1PlanPrice(attributes.decimals)}
          onPick={() => {}}
        />
      </ul>
      <AddingStatus name={adding.pending ? offer.displayName : null} />
      <V1CheckoutControl
        checkout={checkout}
        empty={!basket?.products.length || adding.pending !== null}
        label={undefined}
        showErrorMsgs={attributes.showErrorMsgs}
      />
    </div>
  );
}
