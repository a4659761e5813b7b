import { useEffect } from 'react';
import type { V1ProductSummaryAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../../ui/ErrorMessageBox';
import { WidgetHeading } from '../../../ui/WidgetHeading';
import { t } from '../../../app/i18n';
import { useAppDispatch, useAppSelector } from '../../../app/store/hooks';
import { useRequest } from '../../../app/store/useRequest';
import type { WidgetProps } from '../../../app/widgetProps';
import { startDeliveryDateOfLine, v1Total, withStartDeliveryDate } from '../../../features/v1/lines';
import { v1LineRulesRequest } from '../../../features/v1/lineRules';
import { StartDeliveryDateField } from '../../../features/v1/StartDeliveryDateField';
import { resolvePaymentType, v1PaymentTypeOptions, withPaymentType } from '../../../features/v1/paymentType';
import { v1Price } from '../../../features/v1/price';
import { paymentTypesRequest } from '../../../app/store/paymentTypes';
import { putV1OrderChange } from '../../../features/v1/sync';
import { useV1Basket } from '../../../features/v1/useV1Basket';
import { useV1Checkout } from '../../../features/v1/useV1Checkout';
import { V1CheckoutControl } from '../../../features/v1/V1CheckoutControl';
import { PaymentOutcomeNote } from '../../../features/v1/PaymentOutcomeNote';
import '../../../app/i18n/purchaseMessages';
import '../../../features/checkout/purchase.css';
import '../../../features/v1/messages';
import '../../../features/v1/v1.css';

/**
 * Version 1 product summary (purchase spec §2, §4, §9): the basket's lines, each removable, the
 * total with the configured decimals, the payment type (one of the active types, or the page's
 * forced default) and the checkout button; back from the payment page, a line with its outcome.
 */
export default function V1ProductSummary({ attributes }: WidgetProps<V1ProductSummaryAttributes>) {
  const { basket, remove, update } = useV1Basket();
  const dispatch = useAppDispatch();
  const checkout = useV1Checkout();
  const forced = useAppSelector((state) => state.frame.settings.v1PaymentType);
  const types = useRequest(paymentTypesRequest, undefined, { skip: attributes.displayOnly });
  const options = types.status === 'succeeded' ? v1PaymentTypeOptions(types.data) : null;
  const resolved = options && basket ? resolvePaymentType(basket.paymentType, forced, options) : undefined;

  // The basket always carries an active payment type (or the forced one): set it when it does not.
  useEffect(() => {
    if (options && basket && resolved !== basket.paymentType) update((current) => withPaymentType(current, resolved));
  }, [options, basket, resolved, update]);

  const lines = basket?.products ?? [];
  // Which lines are delivered, from which day (the product-manager's offers and minDate).
  const productIds = lines.map((line) => line.productId);
  const rules = useRequest(
    v1LineRulesRequest,
    { productIds },
    { skip: attributes.displayOnly || productIds.length === 0 },
  );
  const delivered =
    rules.status === 'succeeded'
      ? lines.flatMap((line) => {
          const minDate = rules.data[line.productId]?.minDate;
          return minDate ? [{ line, minDate }] : [];
        })
      : [];
  const total = v1Total(basket, attributes.decimals);
  const canRemove = attributes.showRemoveBtn && !attributes.displayOnly;
  return (
    <div className="product-summary v1-product-summary">
      <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('v1.summary.title')}</WidgetHeading>
      {!attributes.displayOnly && <PaymentOutcomeNote />}
      {lines.length === 0 ? (
        <p className="summary-empty">{t('v1.summary.empty')}</p>
      ) : (
        <table className="order-summary">
          <caption className="visually-hidden">{t('v1.summary.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('v1.summary.number')}</th>
              <th scope="col">{t('v1.summary.name')}</th>
              <th scope="col">{t('v1.summary.description')}</th>
              <th scope="col">{t('v1.summary.price')}</th>
              {canRemove && <th scope="col">{t('v1.summary.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={line.productId}>
                <td className="summary-number">{index + 1}</td>
                <th scope="row">{line.name}</th>
                <td data-label={t('v1.summary.description')}>{line.description}</td>
                <td className="summary-amount" data-label={t('v1.summary.price')}>
                  {v1Price(line.price, line.currency, attributes.decimals)}
                </td>
                {canRemove && (
                  <td className="summary-action">
                    <button type="button" className="button checkout-secondary" onClick={() => remove(line.productId)}>
                      {t('v1.summary.remove')} <span className="visually-hidden">{line.name}</span>
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
          {total && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('v1.summary.total')}
                </th>
                <td className="summary-amount">{v1Price(total.amount, total.currency, attributes.decimals)}</td>
                {canRemove && <td />}
              </tr>
            </tfoot>
          )}
        </table>
      )}
      {!attributes.displayOnly && lines.length > 0 && (
        <>
          {rules.status === 'failed' && attributes.showErrorMsgs && <ErrorMessageBox error={rules.error} />}
          {delivered.length > 0 && (
            <fieldset className="v1-start-delivery">
              <legend>{t('v1.startDelivery.legend')}</legend>
              {delivered.map(({ line, minDate }) => (
                <StartDeliveryDateField
                  key={line.productId}
                  productId={line.productId}
                  productName={line.name}
                  minDate={minDate}
                  value={startDeliveryDateOfLine(basket, line.productId)}
                  onChange={(date) => {
                    update((current) => withStartDeliveryDate(current, line.productId, date));
                    void dispatch(putV1OrderChange());
                  }}
                />
              ))}
            </fieldset>
          )}
          {types.status === 'failed' && attributes.showErrorMsgs && <ErrorMessageBox error={types.error} />}
          {options && (
            <div className="field payment-types">
              <label htmlFor="v1-payment-type" className="field-label">
                {t('v1.paymentType')}
              </label>
              <select
                id="v1-payment-type"
                className="field-input"
                // A page that forces its payment type leaves nothing to choose.
                disabled={options.length === 0 || (!!forced && resolved === forced)}
                value={resolved ?? ''}
                onChange={(event) => {
                  update((current) => withPaymentType(current, event.target.value));
                  void dispatch(putV1OrderChange());
                }}
              >
                {options.length === 0 && <option value="">{t('v1.paymentType.none')}</option>}
                {options.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.displayName}
                  </option>
                ))}
              </select>
            </div>
          )}
          <V1CheckoutControl
            checkout={checkout}
            empty={lines.length === 0}
            label={attributes.checkoutLabel}
            showErrorMsgs={attributes.showErrorMsgs}
          />
        </>
      )}
    </div>
  );
}
