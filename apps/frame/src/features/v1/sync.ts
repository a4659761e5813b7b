/**
 * The version 1 basket synced to the server at login (purchase spec §4): the account's open order
 * (GET /order/user/{accountId}) is kept when it is the local basket, otherwise deleted and replaced
 * by the local basket (DELETE then POST). Without a local basket the account's order becomes the
 * basket (the visitor's earlier choice follows the login); with neither nothing happens.
 */
import type { FoyerError } from '@foyer/api';
import type { AppThunk } from '../../app/store/thunk';
import { callWidget } from '../../app/store/widgetClient';
import {
  createV1Order,
  deleteV1Order,
  getV1Order,
  updateV1Order,
  v1BasketSchema,
  type V1Basket,
  type V1Order,
} from '@foyer/api/v1';
import { currentV1Basket, saveV1Basket } from './v1BasketThunks';

export type SyncPlan =
  | { type: 'none' }
  | { type: 'adopt'; order: V1Basket }
  | { type: 'keep' }
  | { type: 'create'; basket: V1Basket }
  | { type: 'replace'; orderId: string; basket: V1Basket };

export type SyncOutcome = 'kept' | 'replaced' | 'created' | 'adopted';

const lineKeys = (basket: V1Basket) =>
  basket.products.map((product) => `${product.productId}\u0000${product.planId}`).sort();

/** The same order: same id, payment type and product lines (prices are the server's anyway). */
export function sameOrder(a: V1Basket, b: V1Basket): boolean {
  const keysA = lineKeys(a);
  const keysB = lineKeys(b);
  return (
    a._id === b._id &&
    (a.paymentType ?? '') === (b.paymentType ?? '') &&
    keysA.length === keysB.length &&
    keysA.every((key, index) => key === keysB[index])
  );
}

/** What to do at login, given the account's open order and the local basket (already the account's). */
export function decideSync(server: V1Basket | null, local: V1Basket | null): SyncPlan {
  if (!local) return server ? { type: 'adopt', order: server } : { type: 'none' };
  if (!server) return { type: 'create', basket: local };
  if (sameOrder(server, local)) return { type: 'keep' };
  return { type: 'replace', orderId: server._id, basket: local };
}

/** Runs `task` alone among the page's frames where the browser has Web Locks (one sync, not one per frame). */
async function exclusive<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  try {
    return await locks.request(name, task);
  } catch (error) {
    // Locks refused (a partitioned third-party frame may be denied them): sync without one.
    if (error instanceof DOMException && error.name === 'SecurityError') return task();
    throw error;
  }
}

const isMissing = (error: FoyerError) => error.statusCode === 404;

/** The basket part of the server's order (its status and total stay on the server). */
const basketOfOrder = (order: V1Order): V1Basket => v1BasketSchema.parse(order);

/**
 * The sync itself. Every version 1 frame of the page runs it when the session starts; the lock
 * makes the later ones find the order the first one posted, and keep it.
 */
export const syncV1BasketAtLogin =
  (): AppThunk<Promise<{ ok: true; outcome: SyncOutcome | null } | { ok: false; error: FoyerError }>> =>
  (dispatch, getState, extra) =>
    exclusive('foyer.v1basket.sync', async () => {
      const api = { dispatch, getState, extra };
      const accountId = getState().session.guid;
      if (!getState().session.loggedIn || !accountId) return { ok: true, outcome: null } as const;
      const stored = dispatch(currentV1Basket());
      const local = stored && { ...stored, accountId };
      const found = await callWidget(api, getV1Order, { params: { accountId } });
      if (!found.ok && !isMissing(found.error)) return { ok: false, error: found.error } as const;
      const plan = decideSync(found.ok ? basketOfOrder(found.data) : null, local);
      let outcome: SyncOutcome | null = null;
      switch (plan.type) {
        case 'none':
          return { ok: true, outcome: null } as const;
        case 'adopt':
          dispatch(saveV1Basket(plan.order));
          outcome = 'adopted';
          break;
        case 'keep':
          if (stored?.accountId !== accountId) dispatch(saveV1Basket(local));
          outcome = 'kept';
          break;
        case 'replace':
        case 'create': {
          if (plan.type === 'replace') {
            const deleted = await callWidget(api, deleteV1Order, { params: { accountId, orderId: plan.orderId } });
            if (!deleted.ok && !isMissing(deleted.error)) return { ok: false, error: deleted.error } as const;
          }
          const posted = await callWidget(api, createV1Order, { body: plan.basket });
          if (!posted.ok) return { ok: false, error: posted.error } as const;
          dispatch(saveV1Basket(basketOfOrder(posted.data)));
          outcome = plan.type === 'replace' ? 'replaced' : 'created';
          break;
        }
      }
      extra.host.publish({ name: 'basket.synced', payload: { outcome } });
      return { ok: true, outcome } as const;
    });

/**
 * A visitor's change of the payment type or a start date on a logged-in page (purchase spec §7:
 * PUT /order): the account's open order with this basket's `_id` gets the change too, so the
 * order the server keeps is the one the visitor sees. Without such an order (none yet, or another
 * `_id`: the 404 or 409 the server answers) there is nothing to change: the next login sync posts it.
 */
export const putV1OrderChange =
  (): AppThunk<Promise<{ ok: true; updated: boolean } | { ok: false; error: FoyerError }>> =>
  async (dispatch, getState, extra) => {
    const { loggedIn, guid } = getState().session;
    const basket = dispatch(currentV1Basket());
    if (!loggedIn || !guid || !basket || basket.accountId !== guid) return { ok: true, updated: false };
    const put = await callWidget({ dispatch, getState, extra }, updateV1Order, { body: basket });
    if (put.ok) return { ok: true, updated: true };
    if (isMissing(put.error) || put.error.statusCode === 409) return { ok: true, updated: false };
    return { ok: false, error: put.error };
  };
