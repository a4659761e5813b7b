/**
 * The test card provider's stand-in for 3-D Secure. Its REQUIRES_ACTION answer carries the client
 * secret `test_challenge_<reference>`; the frame asks the visitor how the challenge ends and tells
 * the dev-only route of the widgets server (`POST /dev/test-challenge/:reference`, present only
 * with the test card provider), then submits the same attempt again, as after a real challenge.
 */
import { callEndpoint, formatAuthorization, type Endpoint, type FoyerError } from '@foyer/api';
import { normalizePaymentError } from '@foyer/api/widget';
import { selectServiceName } from '../../../app/store/selectors';
import type { AppThunk } from '../../../app/store/thunk';
import { selectPmDomain } from '../../../app/store/widgetClient';

const PREFIX = 'test_challenge_';

/** The payment's reference in a test challenge's client secret; null for any other secret. */
export function testChallengeReference(clientSecret: string): string | null {
  return clientSecret.startsWith(PREFIX) && clientSecret.length > PREFIX.length
    ? clientSecret.slice(PREFIX.length)
    : null;
}

/** A dev route of the server, not part of the widget API (shared/api): declared where it is used. */
const testChallengeEndpoint: Endpoint<{ reference: string }, { passed: boolean }, void> = {
  method: 'POST',
  path: '/dev/test-challenge/:reference',
  toPath: ({ reference }) => `/dev/test-challenge/${encodeURIComponent(reference)}`,
  body: null,
  response: null,
};

/** The origin of the widget service (the dev routes live at its root, beside /pm/api). */
function widgetsOrigin(pmDomain: string): string {
  try {
    return new URL(pmDomain, window.location.href).origin;
  } catch {
    return window.location.origin;
  }
}

/** Records how the visitor ended the test challenge; null when the server took it, else its error. */
export const answerTestChallenge =
  (reference: string, passed: boolean): AppThunk<Promise<FoyerError | null>> =>
  async (_dispatch, getState, services) => {
    const state = getState();
    const result = await callEndpoint(
      {
        baseUrl: widgetsOrigin(selectPmDomain(state)),
        authorization: () =>
          formatAuthorization({
            serviceName: selectServiceName(state),
            sessionId: getState().session.sessionId ?? undefined,
          }),
        fetch: services.fetch,
        frameToken: state.frame.config.serviceToken,
        normalize: normalizePaymentError,
      },
      testChallengeEndpoint,
      { params: { reference }, body: { passed } },
    );
    return result.ok ? null : result.error;
  };
