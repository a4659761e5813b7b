import { describe, expect, it } from 'vitest';
import { parseEvent } from '@foyer/protocol';

describe('edit-social-profile route', () => {
  // The shared profile update publishes profile.updated / profile.updateFailed. This route loads
  // the social chunk only, so without the identity events a refused update was dropped with
  // 'refused to publish an invalid profile.updateFailed event' (found walking issue 14).
  it('knows every event its profile update publishes', async () => {
    await import('./index');
    expect(parseEvent({ name: 'profile.updateFailed', payload: { code: 'secure_session_expired' } })).not.toBeNull();
    expect(
      parseEvent({ name: 'socialProfile.updateFailed', payload: { code: 'secure_session_expired' } }),
    ).not.toBeNull();
  });
});
