import { useMemo } from 'react';
import { catalogueError, PURCHASE_WIDGET_CONFIG_ARG } from '@foyer/api/widget';
import type { V1ProductSelectionAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../../components/ErrorMessageBox';
import { Loading } from '../../../components/Loading';
import { WidgetHeading } from '../../../components/WidgetHeading';
import { t } from '../../../i18n';
import { useAppSelector } from '../../../store/hooks';
import { useRequest } from '../../../store/useRequest';
import type { WidgetProps } from '../../widgetProps';
import { resolveSource } from '../../product-selection/picks';
import { chosenPlan } from '../../_v1basket/lines';
import { ProductCard } from '../../product-selection/ProductCard';
import { columnSize } from '../../product-selection/picks';
import { AddingStatus, choiceOf, pendingKey, v1PlanPrice } from '../../_v1basket/OfferCard';
import { v1OffersRequest } from '../../_v1basket/requests';
import { ADD_DELAY_MS, useDelayedAdd } from '../../_v1basket/useDelayedAdd';
import { useV1Basket } from '../../_v1basket/useV1Basket';
import { useV1Checkout } from '../../_v1basket/useV1Checkout';
import { V1CheckoutControl } from '../../_v1basket/V1CheckoutControl';
import '../../_purchase/messages';
import '../../_checkout/purchase.css';
import '../../_v1basket/messages';
import '../../_v1basket/v1.css';

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
