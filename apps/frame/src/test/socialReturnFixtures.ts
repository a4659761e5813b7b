/**
 * The social widgets' test fixtures for a visitor back from the provider by a full redirect whose
 * identity no account has yet: the identity server's answers up to the registration or link
 * panel, and the frame as the page hands it over (the result id in its query, the attempt it kept).
 * One copy for link-existing-account, the capture container and social-registration.
 */
import type { SocialNetwork } from '@foyer/api';
import { PENDING_REDIRECT_KEY } from '../features/social/redirect';
import { DEMO_SERVICE, DEMO_TEMPLATE, makeHarness, sessionBody, type Handler, type Harness } from './harness';

export const SOCIAL_RESULT = 'r'.repeat(43);
export const SOCIAL_TICKET = 't'.repeat(43);

/** The service offers `network`; its result redeems to a ticket; that identity is linked to no account. */
export function unknownIdentityRoutes(network: SocialNetwork): Record<string, Handler> {
  return {
    'GET /social/permissions': () => ({ status: 200, body: { networks: [{ network, scopes: [] }] } }),
    'POST /social/result': () => ({ status: 200, body: { network, purpose: 'signIn', ticket: SOCIAL_TICKET } }),
    [`POST /social/${network}/session`]: () => ({
      status: 404,
      body: { code: 'USER_PROFILE_IDENTIFIERS_NOT_FOUND', message: 'not found', args: [] },
    }),
  };
}

/** The link panel's form and its login as the demo account (guid-1). */
export const LINK_PANEL_ROUTES: Record<string, Handler> = {
  'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
  'GET /ui/template/social/link/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
  'POST /session': () => ({ status: 200, body: sessionBody() }),
};

/** A frame of `attributes` on the page the provider sent the visitor back to, with the attempt it kept. */
export function returnedFromRedirect(fetch: typeof globalThis.fetch, attributes: Record<string, unknown>): Harness {
  const harness = makeHarness({
    fetch,
    attributes,
    frame: { query: { foyerSocial: SOCIAL_RESULT, foyerSocialFor: 'signIn' }, hostUrl: 'https://news.example.com/a' },
  });
  harness.storage.tab.setItem(PENDING_REDIRECT_KEY, JSON.stringify({ attempt: 'attempt-kept-1', purpose: 'signIn' }));
  return harness;
}
