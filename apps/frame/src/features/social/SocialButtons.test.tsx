import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID } from '../../test/harness';
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

  it('asks "Continue as …?" before a redirect sign-in replaces the session live here (issue 24)', async () => {
    const server = fakeIdentityServer({
      'POST /social/result': () => ({ status: 200, body: { network: 'google', purpose: 'signIn', ticket: TICKET } }),
      'GET /social/google/socialProfile': () => ({
        status: 200,
        body: { network: 'google', socialUserId: 'g-1', displayName: 'Robin Other', email: 'robin@social.test' },
      }),
    });
    const session = sessionStateFrom({ guid: 'g', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });
    const render = () => {
      forgetTakenResults();
      const h = makeHarness({
        fetch: server.fetch,
        frame: { query: { foyerSocial: RESULT, foyerSocialFor: 'signIn' }, hostUrl: 'https://news.example.com/a' },
        preloaded: { session },
      });
      h.storage.tab.setItem(PENDING_REDIRECT_KEY, JSON.stringify({ attempt: 'attempt-kept-1', purpose: 'signIn' }));
      const onTicket = vi.fn(() => Promise.resolve(null));
      const view = renderWith(
        h,
        <SocialButtons networks={['google']} action="login" buttonStyle="text" showErrorMsgs onTicket={onTicket} />,
      );
      return { onTicket, view };
    };

    const stay = render();
    const question = await screen.findByRole('alert');
    expect(question.textContent).toBe('Continue as Robin Other?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in as before' }));
    expect(stay.onTicket).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    stay.view.unmount();

    const go = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(go.onTicket).toHaveBeenCalledWith('google', TICKET));
  });
});
