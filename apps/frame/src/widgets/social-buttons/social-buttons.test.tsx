/**
 * The social buttons' options the spec gives a site (issue 32, item 4): attributesMapping goes to
 * the server with the sign-in, a malformed one says 'Attributes should be list of key/value
 * pairs'; roles ride along to the registration; the page's socialScope is asked of the network.
 * The provider's popup is a stand-in (its own tests are popup.test.ts); the identity server a fake.
 */
import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { socialButtonsAttributesSchema } from '@foyer/protocol/social-attributes';
import { fakeIdentityServer, makeHarness, renderWith, sessionBody } from '../../test/harness';
import { signInWithPopup } from '../../features/social/popup';
import type * as PopupModule from '../../features/social/popup';
import { mappingPairs } from '../../features/social/socialThunks';
import SocialButtonsWidget from './index';

vi.mock('../../features/social/popup', async (original) => ({
  ...(await original<typeof PopupModule>()),
  signInWithPopup: vi.fn(),
}));
afterEach(() => vi.mocked(signInWithPopup).mockReset());

const TICKET = 't'.repeat(43);

function render(options: Record<string, string>, settings: Record<string, unknown> = {}) {
  const server = fakeIdentityServer({
    'GET /social/permissions': () => ({ status: 200, body: { networks: [{ network: 'google', scopes: [] }] } }),
    'POST /social/google/session': () => ({ status: 201, body: sessionBody() }),
    'GET /social/guid-1': () => ({ status: 200, body: { profiles: {}, hasPassword: false } }),
  });
  const attributes = socialButtonsAttributesSchema.parse({ networkAction: 'login', networks: 'google', ...options });
  const harness = makeHarness({ fetch: server.fetch, attributes, settings });
  renderWith(harness, <SocialButtonsWidget attributes={attributes} />);
  return { server, harness, user: userEvent.setup() };
}

describe('social-buttons: attributesMapping', () => {
  it('is read as attribute=field pairs', () => {
    expect(mappingPairs(['givenName=firstName', ' familyName = lastName '])).toEqual([
      { name: 'givenName', value: 'firstName' },
      { name: 'familyName', value: 'lastName' },
    ]);
    expect(mappingPairs([])).toEqual([]);
    expect(mappingPairs(['givenName'])).toBeNull();
    expect(mappingPairs(['a=b=c'])).toBeNull();
  });

  it('goes to the server with the sign-in', async () => {
    vi.mocked(signInWithPopup).mockResolvedValueOnce({ ok: true, ticket: TICKET });
    const { server, user } = render({
      attributesMapping: 'givenName=firstName,familyName=lastName',
      autoRegister: 'true',
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.path === '/social/google/session')?.body).toEqual({
        ticket: TICKET,
        realmName: 'default',
        serviceName: 'demo',
        attributesMapping: [
          { name: 'givenName', value: 'firstName' },
          { name: 'familyName', value: 'lastName' },
        ],
      }),
    );
  });

  it("a malformed one says 'Attributes should be list of key/value pairs', announced, and offers no button", async () => {
    render({ attributesMapping: 'givenName' });
    expect((await screen.findByRole('alert')).textContent).toContain('Attributes should be list of key/value pairs');
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });
});

describe('social-buttons: the page setting socialScope', () => {
  it('is asked of the network with the extendPermissions, each once', async () => {
    vi.mocked(signInWithPopup).mockResolvedValueOnce({ ok: false, error: { code: 'SOCIAL_POPUP_CLOSED' } } as never);
    const { user } = render({ extendPermissions: 'birthday, email' }, { socialScope: 'email,gender' });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(vi.mocked(signInWithPopup).mock.calls[0]![0].scopes).toEqual(['email', 'gender', 'birthday']);
  });

  it("defaults to 'email'", async () => {
    vi.mocked(signInWithPopup).mockResolvedValueOnce({ ok: false, error: { code: 'SOCIAL_POPUP_CLOSED' } } as never);
    const { user } = render({});
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(vi.mocked(signInWithPopup).mock.calls[0]![0].scopes).toEqual(['email']);
  });
});
