import { describe, expect, it } from 'vitest';
import { fakeIdentityServer, makeHarness } from '../../test/harness';
import { selectIcAppName, selectSocialScope } from './selectors';
import { callIdentity } from './identityClient';
import * as identityApi from '@foyer/api/endpoints';

describe('page settings the identity calls carry', () => {
  it("icAppName defaults to 'ev-widgets' and names the calling application on every identity call", async () => {
    const server = fakeIdentityServer({});
    const harness = makeHarness({ fetch: server.fetch });
    expect(selectIcAppName(harness.store.getState())).toBe('ev-widgets');
    const named = makeHarness({ fetch: server.fetch, settings: { icAppName: 'news-site' } });
    const api = { getState: named.store.getState, dispatch: named.store.dispatch, extra: named.services };
    await callIdentity(api, identityApi.getService, { params: { name: 'demo' } });
    expect(server.requests[0]?.headers.get('x-foyer-app')).toBe('news-site');
  });

  it("socialScope defaults to 'email' and is kept for the social widgets", () => {
    expect(selectSocialScope(makeHarness().store.getState())).toBe('email');
    expect(selectSocialScope(makeHarness({ settings: { socialScope: 'email,public_profile' } }).store.getState())).toBe(
      'email,public_profile',
    );
  });
});
