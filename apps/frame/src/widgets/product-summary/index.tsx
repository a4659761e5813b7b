import type { ProductSummaryAttributes } from '@foyer/protocol';
import { SubmitButton } from '../../ui/Loading';
import { WidgetHeading } from '../../ui/WidgetHeading';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { removeProduct } from '../../features/purchase/basketChange';
import { CheckoutFeedback, runnerButton } from '../../features/checkout/CheckoutFeedback';
import { useCheckout, type CheckoutView } from '../../features/checkout/useCheckout';
import { planPrice } from '../../app/i18n/money';
import { useBasket } from '../../app/store/useBasket';
import { useServices } from '../../app/store/useServices';
import { basketTotal } from '../../features/purchase/total';
import '../../app/i18n/purchaseMessages';
import '../../features/checkout/messages';
import '../../features/checkout/purchase.css';
import '../../features/purchase/summaryMessages';

/**
 * Order summary (purchase spec §2): the basket as a numbered table with remove buttons and a
 * checkout button. Mode `checkout` runs the checkout itself; mode `review` is the checkout's
 * summary step in the modal: 'Confirm order' publishes productSummary.success (the runner goes on
 * to the order), Cancel productSummary.cancelled (the runner stops, the basket stays).
 */
export default function ProductSummaryWidget({ attributes }: WidgetProps<ProductSummaryAttributes>) {
  const [basket, update] = useBasket();
  const checkout = useCheckout('product-summary', basket);
  const review = attributes.mode === 'review';
  // In review the checkout runs elsewhere and waits on this step: changes are still welcome here.
  const locked = !review && checkout.busy;
  const canRemove = attributes.showRemoveBtn && !attributes.displayOnly;
  const total = basketTotal(basket);
  const empty = basket.products.length === 0;

  return (
    <div className="product-summary">
      <WidgetHeading show={attributes.showHeader}>{attributes.title ?? t('productSummary.title')}</WidgetHeading>
      {empty ? (
        <p className="summary-empty">{t('productSummary.empty')}</p>
      ) : (
        <table className="order-summary">
          <caption>{t('productSummary.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="summary-number">
                {t('productSummary.number')}
              </th>
              <th scope="col">{t('productSummary.product')}</th>
              <th scope="col">{t('productSummary.description')}</th>
              <th scope="col">{t('productSummary.frequency')}</th>
              <th scope="col">{t('productSummary.price')}</th>
              {canRemove && (
                <th scope="col" className="summary-action">
                  <span className="visually-hidden">{t('productSummary.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {basket.products.map((line, index) => (
              <tr key={line.name}>
                <td className="summary-number">{index + 1}</td>
                <th scope="row">
                  {line.displayName}
                  {line.paymentPlan.displayName && ` – ${line.paymentPlan.displayName}`}
                </th>
                {/* data-label names the cell in the narrow, stacked layout (purchase.css). */}
                <td data-label={t('productSummary.description')}>{line.paymentPlan.description}</td>
                <td data-label={t('productSummary.frequency')}>
                  {t(`purchase.frequency.${line.paymentPlan.frequency.id}`)}
                </td>
                <td className="summary-amount" data-label={t('productSummary.price')}>
                  {planPrice(line.paymentPlan.price, line.paymentPlan.currency.symbol)}
                </td>
                {canRemove && (
                  <td className="summary-action">
                    <button
                      type="button"
                      className="button checkout-secondary"
                      disabled={locked}
                      onClick={() => update((current) => removeProduct(current, line.name))}
                    >
                      {t('productSummary.remove')} <span className="visually-hidden">{line.displayName}</span>
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
          {total && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  {t('productSummary.total')}
                </th>
                <td className="summary-amount">{total}</td>
                {canRemove && <td />}
              </tr>
            </tfoot>
          )}
        </table>
      )}
      {!attributes.displayOnly &&
        (review ? (
          <ReviewActions productCount={basket.products.length} />
        ) : (
          <>
            <CheckoutFeedback checkout={checkout} showErrorMsgs={attributes.showErrorMsgs} />
            <CheckoutAction
              checkout={checkout}
              label={attributes.checkoutLabel ?? t('checkout.caption')}
              disabled={empty}
            />
          </>
        ))}
    </div>
  );
}

function CheckoutAction({ checkout, label, disabled }: { checkout: CheckoutView; label: string; disabled: boolean }) {
  const button = runnerButton(checkout, label);
  return (
    <div className="actions">
      <SubmitButton
        type="button"
        busy={button.busy}
        disabled={disabled || button.disabled}
        label={button.label}
        busyLabel={button.busyLabel}
        onClick={() => void checkout.start()}
      />
    </div>
  );
}

function ReviewActions({ productCount }: { productCount: number }) {
  const services = useServices();
  return (
    <div className="actions">
      <button
        type="button"
        className="button"
        disabled={productCount === 0}
        onClick={() => services.host.publish({ name: 'productSummary.success', payload: { productCount } })}
      >
        {t('productSummary.confirm')}
      </button>
      <button
        type="button"
        className="button checkout-secondary"
        onClick={() => services.host.publish({ name: 'productSummary.cancelled', payload: {} })}
      >
        {t('productSummary.cancel')}
      </button>
    </div>
  );
}
