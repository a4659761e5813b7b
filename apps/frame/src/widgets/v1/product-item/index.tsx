import { useState } from 'react';
import { catalogueError } from '@foyer/api/widget';
import type { V1ProductItemAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../../ui/ErrorMessageBox';
import { Loading, SubmitButton } from '../../../ui/Loading';
import { WidgetHeading } from '../../../ui/WidgetHeading';
import { t } from '../../../app/i18n';
import { useRequest } from '../../../app/store/useRequest';
import type { WidgetProps } from '../../../app/widgetProps';
import { useServices } from '../../../app/store/useServices';
import { chosenPlan } from '../../../features/v1/lines';
import { plansOf } from '../../../features/purchase/picks';
import { AddingStatus, choiceOf, pendingKey, v1PlanPrice } from '../../../features/v1/OfferCard';
import { v1OfferRequest } from '../../../features/v1/requests';
import { ADD_DELAY_MS, useDelayedAdd } from '../../../features/v1/useDelayedAdd';
import { useV1Basket } from '../../../features/v1/useV1Basket';
import '../../../app/i18n/purchaseMessages';
import '../../../features/checkout/purchase.css';
import '../../../features/v1/messages';
import '../../../features/v1/v1.css';

/**
 * Version 1 product item (purchase spec §2, §5): one product's plans as options and an add button;
 * adding needs a chosen plan, else nothing_selected ('Please select an option to continue').
 */
export default function V1ProductItem({ attributes }: WidgetProps<V1ProductItemAttributes>) {
  const services = useServices();
  const { basket, add } = useV1Basket();
  const adding = useDelayedAdd(ADD_DELAY_MS);
  const productId = attributes.productId ?? '';
  const load = useRequest(v1OfferRequest, { productId }, { skip: !productId });
  const [picked, setPicked] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const offer = load.status === 'succeeded' ? load.data : null;
  const selected = picked ?? chosenPlan(basket, productId) ?? null;

  const submit = () => {
    const plan = offer && plansOf(offer).find((candidate) => candidate._id === selected);
    if (!offer || !plan) {
      setRefused(true);
      const error = catalogueError('nothing_selected');
      services.host.publish({
        name: 'productSelection.failed',
        payload: { code: error.code, statusCode: error.statusCode },
      });
      return;
    }
    setRefused(false);
    adding.schedule(pendingKey(offer, plan), () => add(choiceOf(offer, plan)));
  };

  const heading = (
    <WidgetHeading show={attributes.showHeader}>
      {attributes.title ?? offer?.displayName ?? t('v1.item.title')}
    </WidgetHeading>
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
    <div className="v1-product-item">
      {heading}
      <fieldset className="plan-options">
        <legend>{t('v1.plans', [offer.displayName])}</legend>
        {plansOf(offer).map((plan) => (
          <div key={plan._id} className="field-check">
            <input
              type="radio"
              id={`plan-${plan._id}`}
              name="v1-plan"
              value={plan._id}
              disabled={plan.subscribed}
              checked={selected === plan._id}
              onChange={() => {
                setPicked(plan._id);
                setRefused(false);
              }}
            />
            <label htmlFor={`plan-${plan._id}`}>
              {plan.displayName} – {v1PlanPrice(attributes.decimals)(plan)} ·{' '}
              {t(`purchase.frequency.${plan.frequency.id}`)}
            </label>
          </div>
        ))}
      </fieldset>
      {refused && attributes.showErrorMsgs && (
        <ErrorMessageBox error={catalogueError('nothing_selected')} onClose={() => setRefused(false)} />
      )}
      <AddingStatus name={adding.pending ? offer.displayName : null} />
      <div className="actions">
        <SubmitButton
          type="button"
          busy={adding.pending !== null}
          label={attributes.submitLabel ?? t('v1.add')}
          busyLabel={t('v1.adding', [offer.displayName])}
          onClick={submit}
        />
      </div>
    </div>
  );
}
