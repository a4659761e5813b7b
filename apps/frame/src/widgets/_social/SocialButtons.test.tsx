import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contextConfirmed } from '../../store/frameSlice';
import { fakeIdentityServer, makeHarness, renderWith } from '../../test/harness';
import { forgetTakenResults, PENDING_REDIRECT_KEY } from './redirect';
import { SocialButtons } from './SocialButtons';

const RESULT = 'r'.repeat(43);
const TICKET = 't'.repeat(43);

beforeEach(() => forgetTakenResults());

describe('SocialButtons back from a full-redirect trip', () => {
  it('redeems the result when the handshake brings the host page query after the buttons mounted (early render)', async () => {
    const server = fakeIdentityServer({
      'POST /social/result': () => ({ status: 200, body: { network: 'twitter', purpose: 'signIn', ticket: TICKET } }),
    });
    // Rendered from the early context: no host page query yet.
    const h = makeHarness({ fetch: server.fetch, frame: { query: {}, hostUrl: null } });
    h.storage.tab.setItem(PENDING_REDIRECT_KEY, JSON.stringify({ attempt: 'attempt-kept-1', purpose: 'signIn' }));
    const onTicket = vi.fn(() => Promise.resolve(null));
    renderWith(
      h,
      <SocialButtons networks={['twitter']} action="login" buttonStyle="text" showErrorMsgs onTicket={onTicket} />,
    );
    act(() => {
      h.store.dispatch(
        contextConfirmed({
          query: { foyerSocial: RESULT, foyerSocialFor: 'signIn' },
          hostUrl: 'https://news.example.com/a',
        }),
      );
    });
    await waitFor(() => expect(onTicket).toHaveBeenCalledWith('twitter', TICKET));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body).toEqual({ result: RESULT, attempt: 'attempt-kept-1' });
  });
});
