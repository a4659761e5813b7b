import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, makeHarness, renderWith } from '../../test/harness';
import { forgetTakenResults, PENDING_REDIRECT_KEY } from './redirect';
import { SocialButtons } from './SocialButtons';

const RESULT = 'r'.repeat(43);
const TICKET = 't'.repeat(43);

beforeEach(() => forgetTakenResults());

describe('SocialButtons back from a full-redirect trip', () => {
  it('redeems the result the host page query brings, once', async () => {
    const server = fakeIdentityServer({
      'POST /social/result': () => ({ status: 200, body: { network: 'twitter', purpose: 'signIn', ticket: TICKET } }),
    });
    const h = makeHarness({
      fetch: server.fetch,
      frame: { query: { foyerSocial: RESULT, foyerSocialFor: 'signIn' }, hostUrl: 'https://news.example.com/a' },
    });
    h.storage.tab.setItem(PENDING_REDIRECT_KEY, JSON.stringify({ attempt: 'attempt-kept-1', purpose: 'signIn' }));
    const onTicket = vi.fn(() => Promise.resolve(null));
    renderWith(
      h,
      <SocialButtons networks={['twitter']} action="login" buttonStyle="text" showErrorMsgs onTicket={onTicket} />,
    );
    await waitFor(() => expect(onTicket).toHaveBeenCalledWith('twitter', TICKET));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body).toEqual({ result: RESULT, attempt: 'attempt-kept-1' });
  });
});
