import '../../test/setup';
import userEvent from '@testing-library/user-event';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { unlinkAccountsAttributesSchema } from '@foyer/protocol/social-attributes';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID } from '../../test/harness';
import UnlinkAccountsWidget from './index';

const SESSION = { guid: 'guid-1', sessionId: SESSION_ID, expiry: Date.now() + 3_600_000, sessionCookie: false };
const linked = (network: string, socialUserId: string) => ({ network, socialUserId, linkedAt: 1 });

function setup(options: Record<string, string> = {}) {
  const server = fakeIdentityServer({
    'GET /social/permissions': () => ({
      status: 200,
      body: {
        networks: [
          { network: 'google', scopes: [] },
          { network: 'twitter', scopes: [] },
        ],
      },
    }),
    'GET /social/guid-1': () => ({
      status: 200,
      body: { hasPassword: true, profiles: { GOOGLE: linked('google', 'g-1'), TWITTER: linked('twitter', 'x-1') } },
    }),
    'GET /social/google/userAvatar/g-1': () => ({
      status: 200,
      body: { network: 'google', socialUserId: 'g-1', url: 'https://lh3.googleusercontent.com/a/p=s64-c' },
    }),
    'GET /social/twitter/userAvatar/x-1': () => ({ status: 404, body: { code: 'SOCIAL_AVATAR_NOT_FOUND' } }),
  });
  const attributes = unlinkAccountsAttributesSchema.parse(options);
  const harness = makeHarness({ fetch: server.fetch, attributes, preloaded: { session: sessionStateFrom(SESSION) } });
  const view = renderWith(harness, <UnlinkAccountsWidget attributes={attributes} />);
  return { server, harness, container: view.container };
}

describe('unlink accounts: the linked profiles’ pictures', () => {
  it('asks each linked profile’s picture at twice the card size; a network without one shows no picture', async () => {
    const { server, container } = setup();
    await screen.findByRole('button', { name: 'Unlink Google' });
    await waitFor(() => expect(container.querySelectorAll('img.social-avatar')).toHaveLength(1));
    const image = container.querySelector('img.social-avatar')!;
    expect(image.getAttribute('src')).toBe('https://lh3.googleusercontent.com/a/p=s64-c');
    expect(image.getAttribute('alt')).toBe('');
    const asked = server.requests.find((request) => request.path === '/social/google/userAvatar/g-1');
    expect(asked?.query.get('width')).toBe('64');
    expect(screen.getByRole('button', { name: 'Unlink X' })).toBeTruthy();

    // An image that does not load is dropped rather than shown broken.
    fireEvent.error(image);
    await waitFor(() => expect(container.querySelectorAll('img.social-avatar')).toHaveLength(0));
  });
});

// Issue 32, item 3: showCancel and showLabels do what they say.
describe('unlink accounts: showCancel and showLabels', () => {
  it('no Cancel by default (identity spec §9: cancel off); the cards name their networks', async () => {
    const { container } = setup();
    await screen.findByRole('button', { name: 'Unlink Google' });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    const names = [...container.querySelectorAll('.social-card-name')];
    expect(names.map((name) => name.textContent).sort()).toEqual(['Google', 'X']);
    expect(names.every((name) => !name.classList.contains('visually-hidden'))).toBe(true);
  });

  it('showCancel: a Cancel that publishes unlinkAccounts.cancelled and unlinks nothing', async () => {
    const { harness, server } = setup({ showCancel: 'true' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(harness.published).toEqual([{ name: 'unlinkAccounts.cancelled', payload: {} }]);
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('showLabels false: the names are visually hidden, still the buttons and cards read the same', async () => {
    const { container } = setup({ showLabels: 'false' });
    await screen.findByRole('button', { name: 'Unlink Google' });
    const names = [...container.querySelectorAll('.social-card-name')];
    expect(names).toHaveLength(2);
    expect(names.every((name) => name.classList.contains('visually-hidden'))).toBe(true);
  });
});
