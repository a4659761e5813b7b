import { describe, expect, it } from 'vitest';
import { checkRemoteAuth } from '../../apps/demo/src/disqus-stand-in';
import { signRemoteAuth } from '../../apps/server/src/disqus/remote-auth';

/**
 * The demo's Disqus stand-in checks `remote_auth_s3` on its own, from Disqus's documented format:
 * it agrees with the server's signer on a good value and refuses what Disqus would refuse.
 */
const SITE = { publicKey: 'pub', secretKey: 'secret' };
const USER = { id: 'g-1', username: 'Ada Lovelace', email: 'ada@foyer.test' };
const NOW = 1_800_000_000_000;

describe('the Disqus stand-in’s check of remote_auth_s3', () => {
  it('signs in the user of a value the server signed', () => {
    expect(checkRemoteAuth([SITE], 'pub', signRemoteAuth('secret', USER, NOW), NOW + 60_000)).toEqual({ user: USER });
  });

  it('refuses another site’s key, a changed message, an old value, and an unknown api_key', () => {
    const token = signRemoteAuth('secret', USER, NOW);
    expect(checkRemoteAuth([SITE], 'pub', signRemoteAuth('other', USER, NOW), NOW)).toMatchObject({
      reason: 'bad signature',
    });
    const [, signature, timestamp] = token.split(' ');
    const forged = `${Buffer.from(JSON.stringify({ ...USER, id: 'g-2' })).toString('base64')} ${signature} ${timestamp}`;
    expect(checkRemoteAuth([SITE], 'pub', forged, NOW)).toMatchObject({ user: null, reason: 'bad signature' });
    expect(checkRemoteAuth([SITE], 'pub', token, NOW + 2 * 60 * 60_000 + 1000)).toMatchObject({ reason: 'expired' });
    expect(checkRemoteAuth([SITE], 'nope', token, NOW)).toMatchObject({ reason: 'unknown api_key' });
    expect(checkRemoteAuth([SITE], 'pub', '', NOW)).toEqual({ user: null, reason: 'guest' });
  });
});
