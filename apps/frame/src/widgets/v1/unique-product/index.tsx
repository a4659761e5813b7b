import { useEffect, useRef } from 'react';
import type { V1UniqueProductAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../../components/ErrorMessageBox';
import { Loading } from '../../../components/Loading';
import { WidgetHeading } from '../../../components/WidgetHeading';
import { t } from '../../../i18n';
import { useAppSelector } from '../../../store/hooks';
import { useRequest } from '../../../store/useRequest';
import type { WidgetProps } from '../../widgetProps';
import { chosenPlan } from '../../_v1basket/lines';
import { ProductCard } from '../../product-selection/ProductCard';
import { plansOf } from '../../product-selection/picks';
import { AddingStatus, choiceOf, pendingKey, v1PlanPrice } from '../../_v1basket/OfferCard';
import { v1OfferRequest } from '../../_v1basket/requests';
import { UNIQUE_PRODUCT_DELAY_MS, useDelayedAdd } from '../../_v1basket/useDelayedAdd';
import { useV1Basket } from '../../_v1basket/useV1Basket';
import { useV1Checkout } from '../../_v1basket/useV1Checkout';
import { V1CheckoutControl } from '../../_v1basket/V1CheckoutControl';
import '../../_purchase/messages';
import '../../_checkout/purchase.css';
import '../../_v1basket/messages';
import '../../_v1basket/v1.css';

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
