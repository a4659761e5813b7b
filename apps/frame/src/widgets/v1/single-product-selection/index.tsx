import { catalogueError } from '@foyer/api/widget';
import type { V1SingleProductSelectionAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../../ui/ErrorMessageBox';
import { Loading } from '../../../ui/Loading';
import { WidgetHeading } from '../../../ui/WidgetHeading';
import { t } from '../../../app/i18n';
import { useRequest } from '../../../app/store/useRequest';
import type { WidgetProps } from '../../../app/widgetProps';
import { chosenPlan } from '../../../features/v1/lines';
import { ProductCard } from '../../../features/purchase/ProductCard';
import { AddingStatus, choiceOf, pendingKey, v1PlanPrice } from '../../../features/v1/OfferCard';
import { v1OfferRequest } from '../../../features/v1/requests';
import { ADD_DELAY_MS, useDelayedAdd } from '../../../features/v1/useDelayedAdd';
import { useV1Basket } from '../../../features/v1/useV1Basket';
import '../../../app/i18n/purchaseMessages';
import '../../../features/checkout/purchase.css';
import '../../../features/v1/messages';
import '../../../features/v1/v1.css';

/**
 * Version 1 single-product selection (purchase spec §2): one product's plans; the chosen plan is
 * the whole basket (a new choice replaces it), added after the spec's 1000 ms.
 */
export default function V1SingleProductSelection({ attributes }: WidgetProps<V1SingleProductSelectionAttributes>) {
  const { basket, add } = useV1Basket();
  const adding = useDelayedAdd(ADD_DELAY_MS);
  const productId = attributes.productId ?? '';
  const load = useRequest(v1OfferRequest, { productId }, { skip: !productId });
  const offer = load.status === 'succeeded' ? load.data : null;
  const heading = (
    <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('v1.single.title')}</WidgetHeading>
  );
  if (!productId) {
    return (
      <>
        {heading}
        <ErrorMessageBox error={catalogueError('bex0004')} />
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
  if (!offer) return <Loading />;
  return (
    <div className="product-selection v1-single-product-selection">
      {heading}
      <ul className="product-grid" aria-label={t('v1.offers')}>
        <ProductCard
          product={offer}
          picked={chosenPlan(basket, offer.productId)}
          columns={12}
          smColumns={12}
          showBoosted
          displayOnly={false}
          disabled={adding.pending !== null}
          busyPlan={adding.pending?.slice(offer.productId.length + 1)}
          price={v1PlanPrice(attributes.decimals)}
          // The chosen plan is the whole basket.
          onPick={(product, plan) =>
            adding.schedule(pendingKey(product, plan), () => add(choiceOf(product, plan), true))
          }
        />
      </ul>
      <AddingStatus name={adding.pending ? offer.displayName : null} />
    </div>
  );
}
