/**
 * The effectful side of the checkout (purchase spec §4): performs the action decideNext names,
 * waits for the opened step's outcome (delivered by the loader from the modal's frame), records
 * it and asks again. While it runs, the basket carries `checkout {step, since, waiting}` so every
 * purchase frame of the page shows 'Processing …' while a request runs, a calm state while the
 * modal waits for the visitor (`waiting`), and no second checkout starts; it is cleared however
 * the run ends. The basket itself is never lost: only a successful payment removes it (the payment
 * widget does that).
 */
import type { FoyerError } from '@foyer/api';
import { isFulfilled } from '@reduxjs/toolkit';
import {
  catalogueError,
  createOrder,
  validateProfile,
  type Basket,
  type BasketProduct,
  type CheckoutStep,
  periodEnd,
  type OrderCreate,
  type OrderItemInput,
  type PaymentType,
  type PaymentTypeOption,
} from '@foyer/api/widget';
import type { EventName, FoyerEvent } from '@foyer/protocol';
import { selectServiceName } from '../../app/store/selectors';
import type { FrameServices } from '../../app/store/services';
import type { AppThunk } from '../../app/store/thunk';
import { basketPaid, currentBasket, saveBasket } from '../../app/store/basketThunks';
import { fetchDeliveryDays, type DeliveryDays } from '../../app/store/deliveryDays';
import { paymentTypesRequest } from '../../app/store/paymentTypes';
import { callWidget } from '../../app/store/widgetClient';
import { decideNext, type CheckoutAction, type CheckoutProgress, type CheckoutRunner } from './decide';
import { CHECKOUT_HEARTBEAT_MS, checkoutActive } from './marker';
import { waitForEvent } from './waitForEvent';

export type CheckoutOutcome =
  | { status: 'paid'; orderId: string | undefined }
  /** The visitor closed the step (or cancelled the summary): back to idle, nothing lost. */
  | { status: 'stopped' }
  /** Another frame of the page is already running a checkout. */
  | { status: 'busy' }
  | { status: 'failed'; error: FoyerError };

export interface CheckoutOptions {
  signal: AbortSignal;
  /**
   * Told each step as it starts, and whenever the checkout modal starts or stops waiting for the
   * visitor (the runner's caption: 'Processing …' only while no one is asked to act).
   */
  onStep?: (step: CheckoutStep, waiting: boolean) => void;
}

type OpenAction = Extract<CheckoutAction, { type: 'open' }>;

/** What each opened step may answer, besides the modal being dismissed. */
const OUTCOMES: Record<OpenAction['widget'], readonly EventName[]> = {
  login: ['login.success', 'login.register'],
  'product-profile': ['productProfile.success'],
  'product-summary': ['productSummary.success', 'productSummary.cancelled'],
  payment: ['payment.success'],
};

/**
 * The payment type of a basket nobody chose one for (no payment-type selector on the page, as with
 * the paywall's checkout): a card where the site takes cards, else the site's first active type
 * (a site without a card provider takes bank transfers). Unknown types: card, as before.
 */
export function unchosenPaymentType(active: readonly PaymentTypeOption[] | null): PaymentType {
  if (!active?.length || active.some((type) => type.name === 'CARD')) return 'CARD';
  return active[0]!.name;
}

/**
 * The dates of one order line (purchase spec §3): it starts on the server's today and its first
 * period ends a frequency later; a delivered product's first delivery is the day the visitor chose
 * in the profile step, else the earliest delivery day. Without the server's days (the call failed),
 * none: the server dates the line by the same rules.
 */
function lineDates(product: BasketProduct, days: DeliveryDays[string] | undefined): Partial<OrderItemInput> {
  if (!days?.today) return {};
  const endDate = periodEnd(days.today, product.paymentPlan.frequency.id);
  const startDeliveryDate = product.requiresDeliveryAddress ? (product.startDeliveryDate ?? days.minDate) : undefined;
  return {
    startDate: days.today,
    ...(endDate ? { endDate } : {}),
    ...(startDeliveryDate ? { startDeliveryDate } : {}),
  };
}

/**
 * The order lines of the basket: bundles are ordered with bundlePlan, plain products with
 * paymentPlan, each with its dates from the server's `days` (fetchDeliveryDays).
 */
export function orderFromBasket(basket: Basket, unchosen: PaymentType = 'CARD', days: DeliveryDays = {}): OrderCreate {
  const line = (product: BasketProduct) => ({
    ...(product.type === 'BUNDLE'
      ? { product: product.name, bundlePlan: product.paymentPlan._id }
      : { product: product.name, paymentPlan: product.paymentPlan._id }),
    ...lineDates(product, days[product.name]),
  });
  return {
    orderItems: basket.products.map(line),
    paymentType: basket.paymentType ?? unchosen,
    ...(basket.deliveryAddressGroup ? { deliveryAddressGroup: basket.deliveryAddressGroup } : {}),
    ...(basket.billingAddressGroup ? { billingAddressGroup: basket.billingAddressGroup } : {}),
  };
}

/** A server failure without a purchase code of its own is the spec's ERROR_PROCESSING_ORDER. */
function orderError(error: FoyerError): FoyerError {
  return error.code === 'technical_difficulties'
    ? catalogueError('ERROR_PROCESSING_ORDER', [], error.statusCode)
    : error;
}

const setMarker =
  (step: CheckoutStep | null, waiting = false): AppThunk =>
  (dispatch) => {
    const basket = dispatch(currentBasket());
    if (step)
      dispatch(saveBasket({ ...basket, checkout: { step, since: Date.now(), ...(waiting ? { waiting } : {}) } }));
    else if (basket.checkout) {
      const { checkout: _done, ...rest } = basket;
      dispatch(saveBasket(rest));
    }
  };

/**
 * The service's active payment types, null where they cannot be had: the answer this frame's
 * payment widgets already hold, else the same shared request they use (one request per frame).
 * Never aborted by a stopped checkout: a widget of the frame may be waiting for the same answer
 * (an aborted request leaves the shared state idle, and that widget would wait for ever).
 */
const activePaymentTypes = (): AppThunk<Promise<PaymentTypeOption[] | null>> => async (dispatch, getState) => {
  const known = paymentTypesRequest.select(getState());
  if (known.status === 'succeeded') return known.data;
  const done = await dispatch(paymentTypesRequest.start(undefined));
  return isFulfilled(done) ? done.payload : null;
};

export const runCheckout =
  (runner: CheckoutRunner, { signal, onStep }: CheckoutOptions): AppThunk<Promise<CheckoutOutcome>> =>
  async (dispatch, getState, services) => {
    const basket = () => dispatch(currentBasket());
    if (checkoutActive(basket().checkout, Date.now())) return { status: 'busy' };
    const progress: CheckoutProgress = {};
    const facts = () => {
      const { session, frame } = getState();
      return {
        runner,
        loggedIn: session.loggedIn,
        settings: frame.settings,
        productCount: basket().products.length,
        progress,
      };
    };
    const fail = (error: FoyerError): CheckoutOutcome => {
      services.host.publish({ name: 'checkout.failed', payload: { code: error.code, statusCode: error.statusCode } });
      return { status: 'failed', error };
    };

    let action = decideNext(facts());
    if (action.type === 'error') return fail(catalogueError(action.code));
    services.host.publish({ name: 'checkout.started', payload: { productCount: facts().productCount } });

    // Keeps the marker fresh: a marker that stops being refreshed is from a frame that went away.
    let step: CheckoutStep | null = null;
    let waiting = false;
    const heartbeat = setInterval(() => {
      if (step && basket().checkout) dispatch(setMarker(step, waiting));
    }, CHECKOUT_HEARTBEAT_MS);
    /**
     * `waiting`: the step is open in the modal and waits for the visitor; no request of ours runs.
     * It lasts until the next action enters (a request, another step, or the end).
     */
    const enter = (next: CheckoutStep, nextWaiting = false) => {
      if (next !== step || nextWaiting !== waiting) onStep?.(next, nextWaiting);
      step = next;
      waiting = nextWaiting;
      dispatch(setMarker(next, nextWaiting));
    };
    let toldNotLoggedIn = false;

    try {
      for (;;) {
        if (signal.aborted) return { status: 'stopped' };
        switch (action.type) {
          case 'done':
            // The paying frame cleared the basket; this frame's copy may not have heard it yet.
            if (progress.orderId) dispatch(basketPaid(progress.orderId));
            return { status: 'paid', orderId: progress.orderId };
          case 'error':
            return fail(catalogueError(action.code));
          case 'validate': {
            enter(action.step);
            const products = basket().products.map((product) => product.name);
            const result = await callWidget({ dispatch, getState, extra: services }, validateProfile, {
              params: { serviceName: selectServiceName(getState()) },
              query: { product: products },
              signal,
            });
            if (!result.ok) return signal.aborted ? { status: 'stopped' } : fail(result.error);
            progress.profile = result.data.valid ? 'valid' : 'invalid';
            break;
          }
          case 'createOrder': {
            enter(action.step);
            let unchosen: PaymentType = 'CARD';
            if (!basket().paymentType) {
              const types = await dispatch(activePaymentTypes());
              if (signal.aborted) return { status: 'stopped' };
              // Not known: the server refuses a type it does not take, with its own code.
              unchosen = unchosenPaymentType(types);
            }
            const api = { dispatch, getState, extra: services };
            const days = await fetchDeliveryDays(
              api,
              basket().products.map((product) => product.name),
              signal,
            );
            if (signal.aborted) return { status: 'stopped' };
            const result = await callWidget(api, createOrder, {
              body: orderFromBasket(basket(), unchosen, days.ok ? days.data : {}),
              signal,
            });
            if (!result.ok) return signal.aborted ? { status: 'stopped' } : fail(orderError(result.error));
            const order = result.data;
            progress.orderId = order.id;
            const next = dispatch(saveBasket({ ...basket(), id: order.id, total: order.total }));
            services.host.publish({ name: 'basket.updated', payload: { productCount: next.products.length } });
            services.host.publish({ name: 'order.created', payload: { orderId: order.id } });
            break;
          }
          case 'open': {
            enter(action.step, true);
            if (action.widget === 'login' && !toldNotLoggedIn) {
              // Purchase spec §4: a checkout without a session publishes the not-logged-in failure.
              toldNotLoggedIn = true;
              const error = catalogueError('not_logged_in');
              services.host.publish({
                name: 'checkout.failed',
                payload: { code: error.code, statusCode: error.statusCode },
              });
            }
            // The payment step: 'Processing payment...' while the payment widget's request runs,
            // calm again once it has its answer (a refused card, transfer instructions to read).
            const openStepName = action.step;
            const paying =
              action.widget === 'payment'
                ? services.events.subscribe((event) => {
                    if (event.name === 'payment.processing') enter(openStepName, !event.payload.running);
                  })
                : null;
            const outcome = await openStep(services, action, progress.orderId, signal).finally(() => paying?.());
            if (outcome === null || outcome.name === 'modal.dismissed' || outcome.name === 'productSummary.cancelled') {
              return { status: 'stopped' };
            }
            if (outcome.name === 'session.expired') return fail(catalogueError('SESSION_HAS_EXPIRED'));
            if (outcome.name === 'refused') return fail(catalogueError('checkout_error'));
            record(progress, outcome);
            if (outcome.name === 'login.success' || outcome.name === 'productProfile.success') {
              await sessionArrives(() => getState().session.loggedIn, signal);
            }
            break;
          }
        }
        action = decideNext(facts());
      }
    } finally {
      clearInterval(heartbeat);
      dispatch(setMarker(null));
    }
  };

/** Opens a step and waits for its outcome; `refused`: the host would not open it (standalone). */
async function openStep(
  services: FrameServices,
  action: OpenAction,
  orderId: string | undefined,
  signal: AbortSignal,
): Promise<FoyerEvent | { name: 'refused' } | null> {
  const names: EventName[] = [...OUTCOMES[action.widget], 'modal.dismissed'];
  // A session ending in another frame matters once the visitor is logged in (not in the login step).
  if (action.widget !== 'login') names.push('session.expired');
  const pending = waitForEvent(services.events, names, signal);
  const attributes: Record<string, string> =
    action.widget === 'login'
      ? { showRegister: 'true' }
      : action.widget === 'product-summary'
        ? { mode: 'review' }
        : action.widget === 'payment' && orderId
          ? { orderId }
          : {};
  const opened = await services.host.open(action.widget, attributes).catch(() => false);
  if (!opened) {
    pending.cancel();
    return signal.aborted ? null : { name: 'refused' };
  }
  return pending.event;
}

/**
 * The login frame announced the session over the siblings' channel (and stored it, where granted)
 * before it published login.success, but the two travel separately: the announcement may come a
 * moment after the event. Polls (purchase spec §9: 200 ms) for a short while rather than open the
 * login again.
 */
async function sessionArrives(loggedIn: () => boolean, signal: AbortSignal): Promise<void> {
  for (let attempt = 0; attempt < 10 && !loggedIn() && !signal.aborted; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function record(progress: CheckoutProgress, event: FoyerEvent): void {
  switch (event.name) {
    case 'login.register':
      progress.registering = true;
      break;
    case 'productProfile.success':
      progress.profile = 'saved';
      break;
    case 'productSummary.success':
      progress.summary = true;
      break;
    case 'payment.success':
      progress.paid = true;
      progress.orderId = event.payload.orderId;
      break;
    default:
      // login.success: the session is there now (the frame adopted it); decideNext goes on.
      break;
  }
}
