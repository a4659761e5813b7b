import { beforeEach, describe, expect, it } from 'vitest';
import { fakeIdentityServer, makeHarness } from '../../test/harness';
import {
  forgetTakenResults,
  PENDING_REDIRECT_KEY,
  resumeSocialRedirect,
  returnToOf,
  startSocialRedirect,
} from './redirect';

const HOST = 'https://news.example.com/article?id=7';
const RESULT = 'r'.repeat(43);
const BACK = { foyerSocial: RESULT, foyerSocialFor: 'signIn', id: '7' };

function redeemServer(body: unknown, status = 200) {
  return fakeIdentityServer({ 'POST /social/result': () => ({ status, body }) });
}

beforeEach(() => forgetTakenResults());

describe('social sign-in by a full redirect', () => {
  it('sends the top window to the authorize URL with the host page and purpose, keeping its attempt in tab storage', async () => {
    const h = makeHarness({ frame: { hostUrl: `${HOST}&foyerSocial=old&foyerSocialFor=link` } });
    await expect(
      h.store.dispatch(startSocialRedirect({ network: 'google', scopes: ['birthday'], purpose: 'signIn' })),
    ).resolves.toBeNull();
    const url = new URL(h.navigations[0]!);
    expect(url.pathname).toMatch(/\/social\/google\/authorize$/);
    expect(url.searchParams.get('returnTo')).toBe(HOST);
    expect(url.searchParams.get('purpose')).toBe('signIn');
    expect(url.searchParams.get('scope')).toBe('birthday');
    const pending = JSON.parse(h.storage.tab.getItem(PENDING_REDIRECT_KEY)!) as { attempt: string };
    expect(pending).toEqual({ attempt: url.searchParams.get('attempt'), purpose: 'signIn' });
    // And in the host page's storage, for when the frame's is gone on the way back.
    expect(h.host.attempt).toBe(pending.attempt);
  });

  it('without storage of its own, the host page keeps the attempt; kept nowhere, the trip does not start', async () => {
    const h = makeHarness({ frame: { hostUrl: HOST }, storageRefused: true });
    await expect(
      h.store.dispatch(startSocialRedirect({ network: 'google', scopes: [], purpose: 'signIn' })),
    ).resolves.toBeNull();
    expect(h.host.attempt).toBe(new URL(h.navigations[0]!).searchParams.get('attempt'));

    const nowhere = makeHarness({ frame: { hostUrl: HOST }, storageRefused: true });
    delete nowhere.services.host.socialAttempt;
    const problem = await nowhere.store.dispatch(
      startSocialRedirect({ network: 'google', scopes: [], purpose: 'link' }),
    );
    expect(problem?.code).toBe('SOCIAL_POPUP_CLOSED');
    expect(nowhere.navigations).toEqual([]);
  });

  it('shows an error and keeps nothing when the loader refuses, or the host page is unknown', async () => {
    const refused = makeHarness({ frame: { hostUrl: HOST }, hostAccepts: false });
    const problem = await refused.store.dispatch(
      startSocialRedirect({ network: 'google', scopes: [], purpose: 'link' }),
    );
    expect(problem?.code).toBe('SOCIAL_POPUP_CLOSED');
    expect(refused.storage.tab.getItem(PENDING_REDIRECT_KEY)).toBeNull();
    const nowhere = makeHarness({ frame: { hostUrl: null } });
    expect(
      (await nowhere.store.dispatch(startSocialRedirect({ network: 'google', scopes: [], purpose: 'link' })))?.code,
    ).toBe('SOCIAL_POPUP_CLOSED');
    expect(nowhere.navigations).toEqual([]);
    expect(returnToOf('not a url')).toBeNull();
  });

  it('back on the page, the confirmation is resumed by the widget that left, not by another that also could', async () => {
    const server = redeemServer({ network: 'google', purpose: 'confirm', ticket: 't'.repeat(43) });
    const back = { ...BACK, foyerSocialFor: 'confirm' };
    const kept = JSON.stringify({ attempt: 'attempt-kept-1', purpose: 'confirm', widget: 'link-accounts' });
    const unlink = makeHarness({ fetch: server.fetch, frame: { query: back, widget: 'unlink-accounts' } });
    unlink.storage.tab.setItem(PENDING_REDIRECT_KEY, kept);
    await expect(unlink.store.dispatch(resumeSocialRedirect('confirm'))).resolves.toBeNull();
    expect(unlink.storage.tab.getItem(PENDING_REDIRECT_KEY)).toBe(kept);
    expect(server.requests).toEqual([]);

    const link = makeHarness({ fetch: server.fetch, frame: { query: back, widget: 'link-accounts' } });
    link.storage.tab.setItem(PENDING_REDIRECT_KEY, kept);
    await expect(link.store.dispatch(resumeSocialRedirect('confirm'))).resolves.toEqual({
      network: 'google',
      ticket: 't'.repeat(43),
    });
  });

  it('back on the page, redeems the result once with the kept attempt and answers the ticket', async () => {
    const server = redeemServer({ network: 'google', purpose: 'signIn', ticket: 't'.repeat(43) });
    const h = makeHarness({ fetch: server.fetch, frame: { query: BACK } });
    h.storage.tab.setItem(PENDING_REDIRECT_KEY, JSON.stringify({ attempt: 'attempt-kept-1', purpose: 'signIn' }));
    await expect(h.store.dispatch(resumeSocialRedirect('signIn'))).resolves.toEqual({
      network: 'google',
      ticket: 't'.repeat(43),
    });
    expect(server.requests[0]!.body).toEqual({ result: RESULT, attempt: 'attempt-kept-1' });
    expect(h.storage.tab.getItem(PENDING_REDIRECT_KEY)).toBeNull();
    // Mounted again (a panel closed): nothing more to resume.
    await expect(h.store.dispatch(resumeSocialRedirect('signIn'))).resolves.toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it('ignores a result it did not start (storage without a pending trip: a link from someone else) and other purposes', async () => {
    const server = redeemServer({ network: 'google', purpose: 'signIn', ticket: 't'.repeat(43) });
    const h = makeHarness({ fetch: server.fetch, frame: { query: BACK } });
    await expect(h.store.dispatch(resumeSocialRedirect('link'))).resolves.toBeNull();
    await expect(h.store.dispatch(resumeSocialRedirect('signIn'))).resolves.toBeNull();
    expect(server.requests).toHaveLength(0);
    const odd = makeHarness({ fetch: server.fetch, frame: { query: { ...BACK, foyerSocial: 'x<y' } } });
    await expect(odd.store.dispatch(resumeSocialRedirect('signIn'))).resolves.toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('without storage redeems with the attempt the host page kept; a result another widget spent or a provider error is shown', async () => {
    const denied = redeemServer({ network: 'google', purpose: 'signIn', error: 'access_denied' });
    const d = makeHarness({
      fetch: denied.fetch,
      frame: { query: BACK },
      storageRefused: true,
      hostAttempt: 'attempt-of-host-1',
    });
    const outcome = await d.store.dispatch(resumeSocialRedirect('signIn'));
    expect(outcome && 'error' in outcome && outcome.error.code).toBe('access_denied');
    expect(denied.requests[0]!.body).toEqual({ result: RESULT, attempt: 'attempt-of-host-1' });
    expect(d.host.attempt).toBeNull();
  });

  it('redeems nothing without an attempt: a result URL from another browser (login CSRF) signs nobody in', async () => {
    const server = redeemServer({ network: 'google', purpose: 'signIn', ticket: 't'.repeat(43) });
    const h = makeHarness({ fetch: server.fetch, frame: { query: BACK }, storageRefused: true });
    await expect(h.store.dispatch(resumeSocialRedirect('signIn'))).resolves.toBeNull();
    expect(server.requests).toHaveLength(0);
  });
});
