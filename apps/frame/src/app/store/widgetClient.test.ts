import { describe, expect, it } from 'vitest';
import { getPaymentTypes, getProductGroup } from '@foyer/api/widget';
import { fakeIdentityServer, makeHarness, SESSION_ID } from '../../test/harness';
import { sessionStarted } from './sessionSlice';
import type { AppThunk } from './thunk';
import { callWidget, selectPmDomain } from './widgetClient';

const run =
  <R>(body: Parameters<typeof callWidget>[1], call: Parameters<typeof callWidget>[2] = {}): AppThunk<Promise<R>> =>
  (dispatch, getState, extra) =>
    callWidget({ dispatch, getState, extra }, body, call) as Promise<R>;

describe('callWidget (purchase spec §7, §8)', () => {
  it('defaults pmDomain to /pm/api beside the identity API, and the page setting wins', () => {
    expect(selectPmDomain(makeHarness().store.getState())).toBe('http://widgets.test/pm/api');
    const custom = makeHarness({ settings: { pmDomain: 'https://shop.example/pm' } });
    expect(selectPmDomain(custom.store.getState())).toBe('https://shop.example/pm');
  });
  it('sends the session in the Authorization header, never in the URL', async () => {
    const server = fakeIdentityServer({ 'GET /pm/api/widget/payment/types': () => ({ status: 200, body: [] }) });
    const harness = makeHarness({ fetch: server.fetch });
    harness.store.dispatch(
      sessionStarted({ guid: 'guid-1', sessionId: SESSION_ID, expiry: Date.now() + 60_000, sessionCookie: false }),
    );
    await harness.store.dispatch(run(getPaymentTypes));
    const request = server.requests[0]!;
    expect(request.headers.get('authorization')).toContain(SESSION_ID);
    expect(request.query.has('ev_ss')).toBe(false);
    expect(request.credentials).toBe('omit');
  });
  it('normalises the spec’s array error answers (appErrorCode)', async () => {
    const server = fakeIdentityServer({
      'GET /pm/api/widget/productgroup/none': () => ({
        status: 404,
        body: [{ appErrorCode: 'bex0004', message: 'Product not found', httpErrorCode: 404 }],
      }),
    });
    const harness = makeHarness({ fetch: server.fetch });
    const result = await harness.store.dispatch(
      run<Awaited<ReturnType<typeof callWidget>>>(getProductGroup, { params: { group: 'none' } }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'bex0004', statusCode: 404 } });
  });
  it('treats not_logged_in for a session it sent as an ended session: cleared, session.expired', async () => {
    const server = fakeIdentityServer({
      'GET /pm/api/widget/payment/types': () => ({
        status: 400,
        body: { code: 'not_logged_in', message: 'Not Logged In' },
      }),
    });
    const harness = makeHarness({ fetch: server.fetch });
    harness.store.dispatch(
      sessionStarted({ guid: 'guid-1', sessionId: SESSION_ID, expiry: Date.now() + 60_000, sessionCookie: false }),
    );
    await harness.store.dispatch(run(getPaymentTypes));
    expect(harness.store.getState().session.loggedIn).toBe(false);
    expect(harness.published.map((event) => event.name)).toContain('session.expired');
  });
});
