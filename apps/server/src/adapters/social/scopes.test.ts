import { describe, expect, it } from 'vitest';
import { SOCIAL_ADAPTERS } from './networks';
import { scopeFor } from './scopes';

describe('per-network scopes (social scope setting and extendPermissions)', () => {
  it('maps a portable permission to each network’s spelling, and skips a network without it', () => {
    expect(scopeFor('facebook', 'birthday')).toBe('user_birthday');
    expect(scopeFor('google', 'Birthday')).toBe('https://www.googleapis.com/auth/user.birthday.read');
    expect(scopeFor('linkedin', 'birthday')).toBeNull();
    expect(scopeFor('twitter', 'email')).toBeNull();
    expect(scopeFor('twitter', 'friends')).toBe('follows.read');
  });

  it('asks a network-prefixed scope of that network only (googleplus as google), as written', () => {
    expect(scopeFor('facebook', 'facebook:user_link')).toBe('user_link');
    expect(scopeFor('google', 'facebook:user_link')).toBeNull();
    const calendar = 'https://www.googleapis.com/auth/calendar.readonly';
    expect(scopeFor('google', `googleplus:${calendar}`)).toBe(calendar);
    expect(scopeFor('linkedin', `google:${calendar}`)).toBeNull();
  });

  it('asks no network for a name it does not know (one network’s raw scope would break another’s consent)', () => {
    expect(scopeFor('google', 'user_birthday')).toBeNull();
    expect(scopeFor('facebook', 'https://www.googleapis.com/auth/calendar.readonly')).toBeNull();
  });

  it('puts the network’s base scopes first, without repeats', () => {
    const asked = ['email', 'profile', 'birthday', 'facebook:user_link', 'unknown'];
    expect(SOCIAL_ADAPTERS.facebook.scopes(asked)).toEqual(['public_profile', 'email', 'user_birthday', 'user_link']);
    expect(SOCIAL_ADAPTERS.google.scopes(asked)).toEqual([
      'openid',
      'profile',
      'email',
      'https://www.googleapis.com/auth/user.birthday.read',
    ]);
    expect(SOCIAL_ADAPTERS.linkedin.scopes(asked)).toEqual(['openid', 'profile', 'email']);
    expect(SOCIAL_ADAPTERS.twitter.scopes(asked)).toEqual(['users.read', 'tweet.read']);
  });
});
