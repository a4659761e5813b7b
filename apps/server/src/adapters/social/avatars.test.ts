import { describe, expect, it } from 'vitest';
import { avatarUrl } from './avatars';

const config = { clientId: 'id', clientSecret: 'secret' };

describe('avatar URLs per network', () => {
  it('Facebook: the Graph picture edge with type, width and height', () => {
    expect(avatarUrl('facebook', { socialUserId: '42' }, config, { pictureType: 'large' })).toBe(
      'https://graph.facebook.com/v19.0/42/picture?type=large',
    );
    const standIn = { ...config, userInfoEndpoint: 'http://127.0.0.1:9999/userinfo' };
    expect(avatarUrl('facebook', { socialUserId: '42' }, standIn, { width: 80, height: 60 })).toBe(
      'http://127.0.0.1:9999/42/picture?type=normal&width=80&height=60',
    );
  });

  it('Google: the size suffix replaced or added', () => {
    const pictureUrl = 'https://lh3.googleusercontent.com/a/ACg8oc=s96-c';
    expect(avatarUrl('google', { socialUserId: '1', pictureUrl }, config, { width: 64 })).toBe(
      'https://lh3.googleusercontent.com/a/ACg8oc=s64-c',
    );
    expect(
      avatarUrl('google', { socialUserId: '1', pictureUrl: 'https://example.com/p.png' }, config, {
        pictureType: 'large',
      }),
    ).toBe('https://example.com/p.png=s200-c');
  });

  it('X: the size variant of profile_image_url', () => {
    const pictureUrl = 'https://pbs.twimg.com/profile_images/1/abc_normal.jpg';
    const x = (request: Parameters<typeof avatarUrl>[3]) =>
      avatarUrl('twitter', { socialUserId: '1', pictureUrl }, config, request);
    expect(x({ width: 24 })).toBe('https://pbs.twimg.com/profile_images/1/abc_mini.jpg');
    expect(x({ pictureType: 'large' })).toBe('https://pbs.twimg.com/profile_images/1/abc_400x400.jpg');
    expect(x({ width: 1000 })).toBe('https://pbs.twimg.com/profile_images/1/abc.jpg');
  });

  it('LinkedIn: the picture as given; no picture or a non-web URL gives none', () => {
    const pictureUrl = 'https://media.licdn.com/dms/image/x';
    expect(avatarUrl('linkedin', { socialUserId: '1', pictureUrl }, config, {})).toBe(pictureUrl);
    expect(avatarUrl('linkedin', { socialUserId: '1' }, config, {})).toBeNull();
    expect(avatarUrl('google', { socialUserId: '1', pictureUrl: 'javascript:alert(1)' }, config, {})).toBeNull();
  });
});
