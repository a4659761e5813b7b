import { useMemo } from 'react';
import { catalogueError, PURCHASE_WIDGET_CONFIG_ARG } from '@foyer/api/widget';
import type { V1ProductSelectionAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../../ui/ErrorMessageBox';
import { Loading } from '../../../ui/Loading';
import { WidgetHeading } from '../../../ui/WidgetHeading';
import { t } from '../../../app/i18n';
import { useAppSelector } from '../../../app/store/hooks';
import { useRequest } from '../../../app/store/useRequest';
import type { WidgetProps } from '../../../app/widgetProps';
import { resolveSource } from '../../../features/purchase/picks';
import { chosenPlan } from '../../../features/v1/lines';
import { ProductCard } from '../../../features/purchase/ProductCard';
import { columnSize } from '../../../features/purchase/picks';
import { AddingStatus, choiceOf, pendingKey, v1PlanPrice } from '../../../features/v1/OfferCard';
import { v1OffersRequest } from '../../../features/v1/requests';
import { ADD_DELAY_MS, useDelayedAdd } from '../../../features/v1/useDelayedAdd';
import { useV1Basket } from '../../../features/v1/useV1Basket';
import { useV1Checkout } from '../../../features/v1/useV1Checkout';
import { V1CheckoutControl } from '../../../features/v1/V1CheckoutControl';
import '../../../app/i18n/purchaseMessages';
import '../../../features/checkout/purchase.css';
import '../../../features/v1/messages';
import '../../../features/v1/v1.css';

/**
 * Version 1 product selection (purchase spec §2, §9): the offers of the product group
 * (GET /offers?productGroup=, the page's groupName query parameter wins), a plan per product added
 * to the version 1 basket after the spec's 1000 ms (busy meanwhile), and the checkout.
 */
export default function V1ProductSelection({ attributes }: WidgetProps<V1ProductSelectionAttributes>) {
  const query = useAppSelector((state) => state.frame.query);
  const source = useMemo(() => resolveSource(attributes, query), [attributes, query]);
  const { basket, add } = useV1Basket();
  const checkout = useV1Checkout();
  const adding = useDelayedAdd(ADD_DELAY_MS);
  const load = useRequest(v1OffersRequest, { productGroup: source.groupName }, { skip: !source.groupName });
  const title = attributes.title ?? t('v1.selection.title');
  const heading = <WidgetHeading show={attributes.showHeader}>{title}</WidgetHeading>;
  if (!source.groupName) {
    return (
      <>
        {heading}
        <ErrorMessageBox error={catalogueError('INVALID_WIDGET_CONFIG', [PURCHASE_WIDGET_CONFIG_ARG])} />
      </>
    );
  }
  const offers = load.status === 'succeeded' ? load.data : null;
  const pendingName = adding.pending && offers?.find((offer) => adding.pending?.startsWith(`${offer.productId}/`));
  return (
    <div className="product-selection v1-product-selection">
      {heading}
      {(load.status === 'idle' || load.status === 'loading') && <Loading />}
      {load.status === 'failed' && attributes.showErrorMsgs && <ErrorMessageBox error={load.error} />}
      {offers && offers.length === 0 && <p>{t('v1.none')}</p>}
      {offers && offers.length > 0 && (
        <ul className="product-grid" aria-label={t('v1.offers')}>
          {offers.map((offer) => (
            <ProductCard
              key={offer.name}
              product={offer}
              picked={chosenPlan(basket, offer.productId)}
              columns={columnSize(offers.length, attributes.minColSize)}
              smColumns={attributes.smColSize}
              showBoosted={attributes.showBoosted}
              displayOnly={attributes.displayOnly}
              disabled={adding.pending !== null}
              busyPlan={
                adding.pending?.startsWith(`${offer.productId}/`)
                  ? adding.pending.slice(offer.productId.length + 1)
                  : undefined
              }
              price={v1PlanPrice(attributes.decimals)}
              // A basket: each product keeps its line (one plan each), whatever multiSelect says.
              onPick={(product, plan) => adding.schedule(pendingKey(product, plan), () => add(choiceOf(product, plan)))}
            />
          ))}
        </ul>
      )}
      <AddingStatus name={pendingName ? pendingName.displayName : null} />
      {!attributes.displayOnly && offers && offers.length > 0 && (
        <V1CheckoutControl
          checkout={checkout}
          empty={!basket?.products.length || adding.pending !== null}
          label={attributes.submitLabel}
          showErrorMsgs={attributes.showErrorMsgs}
        />
      )}
    </div>
  );
}
