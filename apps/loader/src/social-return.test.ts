// @vitest-environment jsdom
import { isEventEnvelope, SOCIAL_ATTEMPT_KEY, SOCIAL_MODAL_KEY } from '@foyer/protocol/light';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepSocialAttempt } from './social-attempt';

// modal.js is a separate bundle fetched by a script tag: here the module stands in for it; penpal.js
// never arrives (no frame connects in jsdom).
// What each modal was opened with (the attributes reach the frame only through a handshake).
const { opened } = vi.hoisted(() => ({ opened: [] as unknown[][] }));
vi.mock('./parts', () => ({
  loadPart: (_: string, file: string) =>
    file === 'modal.js'
      ? import('./modal').then((m) => (...args: Parameters<typeof m.openModal>) => {
          opened.push([args[1], args[2]]);
          return m.openModal(...args);
        })
      : new Promise(() => {}),
}));

const LOADER = '<script src="https://w.example.com/loader.js"></script>';
const RESULT = 'R'.repeat(43);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A page view: fresh loader modules, as a page loading loader.js gets, at `address`. */
async function pageView(address: string, markup = LOADER + '<div data-foyer-widget="login"></div>') {
  // The page before is gone: its loader no longer watches the document.
  observers.splice(0).forEach((observer) => observer.disconnect());
  delete (window as { Foyer?: unknown }).Foyer;
  vi.resetModules();
  document.body.innerHTML = markup;
  history.replaceState(null, '', address);
  const frames = await import('./frames');
  (await import('./index')).boot();
  await tick();
  const contextOf = (inModal: boolean) => {
    const frame = frames.frames.find((candidate) => candidate.inModal === inModal)!;
    return frames.hostMethods(frame, {}, isEventEnvelope).getContext();
  };
  return { frames, contextOf };
}

const observers: MutationObserver[] = [];

beforeEach(() => {
  sessionStorage.clear();
  const observe = MutationObserver.prototype.observe;
  vi.spyOn(MutationObserver.prototype, 'observe').mockImplementation(function (this: MutationObserver, ...args) {
    observers.push(this);
    return observe.apply(this, args);
  });
});

afterEach(async () => {
  (await import('./frames')).modal.close?.();
  observers.splice(0).forEach((observer) => observer.disconnect());
  delete (window as { Foyer?: unknown }).Foyer;
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('back from a social sign-in by redirect', () => {
  it('takes the result out of the address bar, keeping the other parameters as written and the hash, and gives it to the frames', async () => {
    const { contextOf } = await pageView(`/article?id=7&foyerSocial=${RESULT}&x=a%20b&foyerSocialFor=signIn#comments`);
    expect(location.pathname + location.search + location.hash).toBe('/article?id=7&x=a%20b#comments');
    expect(contextOf(false).query).toEqual({ id: '7', x: 'a b', foyerSocial: RESULT, foyerSocialFor: 'signIn' });
  });

  it('leaves an address without a result alone, and one with only the result loses its query', async () => {
    const replace = vi.spyOn(history, 'replaceState');
    const { contextOf } = await pageView('/article?id=7#top');
    expect(replace).toHaveBeenCalledTimes(1); // pageView's own
    expect(contextOf(false).query).toEqual({ id: '7' });
    await pageView(`/article?foyerSocial=${RESULT}&foyerSocialFor=link`);
    expect(location.pathname + location.search + location.hash).toBe('/article');
  });

  it('opens the modal widget that left for the provider again; only it gets the result', async () => {
    const first = await pageView('/shop');
    first.frames.openModal('login', { networks: 'google', showHeader: 'false' });
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    expect(JSON.parse(sessionStorage.getItem(SOCIAL_MODAL_KEY)!)).toEqual([
      'login',
      { networks: 'google', showHeader: 'false' },
    ]);

    // The page leaves for the provider with the modal open, and comes back.
    document.body.innerHTML = '';
    const back = await pageView(`/shop?foyerSocial=${RESULT}&foyerSocialFor=signIn`);
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    const src = new URL(document.querySelector('[role="dialog"] iframe')!.getAttribute('src')!);
    expect(src.pathname).toBe('/w/login');
    // The reopened login has the attributes it had, in the modal, and the result.
    expect(opened.at(-1)).toEqual(['login', { networks: 'google', showHeader: 'false' }]);
    const modalContext = back.contextOf(true);
    expect(modalContext.query).toEqual({ foyerSocial: RESULT, foyerSocialFor: 'signIn' });
    expect(back.contextOf(false).query).toEqual({});
    expect(location.search).toBe('');

    // Closed by the visitor: forgotten.
    back.frames.closeModal();
    expect(sessionStorage.getItem(SOCIAL_MODAL_KEY)).toBeNull();
  });

  it('forgets a modal left open by a page that did not come back with a result', async () => {
    sessionStorage.setItem(SOCIAL_MODAL_KEY, JSON.stringify(['login', {}]));
    await pageView('/elsewhere');
    expect(sessionStorage.getItem(SOCIAL_MODAL_KEY)).toBeNull();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});

describe('the trip’s attempt (issue 24: a result redeems only in the browser that started the trip)', () => {
  const methodsOf = (view: Awaited<ReturnType<typeof pageView>>) =>
    view.frames.hostMethods(view.frames.frames[0]!, {}, isEventEnvelope, keepSocialAttempt);

  it('is kept in the page’s session storage and handed, once, to the frame on the page the trip comes back to', async () => {
    const before = methodsOf(await pageView('/article?id=7'));
    expect(before.socialAttempt('attempt-of-this-tab')).toBe('attempt-of-this-tab');
    expect(before.socialAttempt('<not an attempt>')).toBeNull();
    expect(sessionStorage.getItem(SOCIAL_ATTEMPT_KEY)).toBe('attempt-of-this-tab');

    const back = methodsOf(await pageView(`/article?id=7&foyerSocial=${RESULT}&foyerSocialFor=signIn`));
    expect(sessionStorage.getItem(SOCIAL_ATTEMPT_KEY)).toBeNull();
    expect(back.socialAttempt()).toBe('attempt-of-this-tab');
    expect(back.socialAttempt()).toBeNull();
  });

  it('is never taken from the address, and a page view without a result drops it', async () => {
    sessionStorage.setItem(SOCIAL_ATTEMPT_KEY, 'attempt-of-this-tab');
    const other = methodsOf(await pageView('/elsewhere'));
    expect(other.socialAttempt()).toBeNull();
    expect(sessionStorage.getItem(SOCIAL_ATTEMPT_KEY)).toBeNull();
    const planted = methodsOf(
      await pageView(`/article?foyerSocial=${RESULT}&foyerSocialFor=signIn&foyerSocialAttempt=attempt-of-attacker`),
    );
    expect(planted.socialAttempt()).toBeNull();
  });
});
