import { foyerError, type FoyerError } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { callIdentity } from '../../store/identityClient';
import type { FrameServices } from '../../store/services';
import type { AppThunk } from '../../store/thunk';

/** The activation message: its text code and HTTP-like status (the message box colours by it). */
export type ActivationOutcome = FoyerError;

/** A key is single-use: one request per key and frame, even if the widget mounts twice. */
const started = new WeakMap<FrameServices, Map<string, Promise<ActivationOutcome>>>();

/**
 * POST /userProfileActivationWorkflow/:key. The outcome is a message with a severity: success
 * (activated), warning (confirmed but the account is locked), danger (unknown, used or expired
 * key). No key at all: "Couldn't find the activation key!" without a request.
 */
export const activateAccount =
  (key: string | undefined): AppThunk<Promise<ActivationOutcome>> =>
  (dispatch, getState, extra) => {
    if (!key) return Promise.resolve(foyerError('ACTIVATION_KEY_MISSING'));
    const byKey = started.get(extra) ?? new Map<string, Promise<ActivationOutcome>>();
    started.set(extra, byKey);
    const running = byKey.get(key);
    if (running) return running;
    const outcome = (async (): Promise<ActivationOutcome> => {
      const result = await callIdentity({ getState, dispatch, extra }, identityApi.activateAccount, {
        params: { key },
      });
      if (!result.ok) {
        extra.host.publish({
          name: 'accountActivation.failed',
          payload: { code: result.error.code, statusCode: result.error.statusCode },
        });
        return result.error;
      }
      extra.host.publish({ name: 'accountActivation.success', payload: { guid: result.data.guid } });
      return result.data.state === 'LOCKED'
        ? foyerError('account-activation.locked', [], 300)
        : foyerError('account-activation.success', [], 200);
    })();
    byKey.set(key, outcome);
    return outcome;
  };

export const cancelActivation = (): AppThunk => (_dispatch, _getState, extra) =>
  extra.host.publish({ name: 'accountActivation.cancelled', payload: {} });
