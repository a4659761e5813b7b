// @vitest-environment jsdom
/**
 * The logged-in flag (issue 32, item 15): kept in the host page's storage and a first-party cookie
 * from the session events frames publish, as they pass penpal.js's event check.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGGED_IN_COOKIE, LOGGED_IN_KEY } from './logged-in';
import type { PenpalPart } from './penpal-entry';

let part: PenpalPart;
beforeAll(async () => {
  await import('./penpal-entry');
  part = (window as unknown as { FoyerPenpal: PenpalPart }).FoyerPenpal;
});
afterEach(() => {
  localStorage.removeItem(LOGGED_IN_KEY);
  document.cookie = `${LOGGED_IN_COOKIE}=; path=/; max-age=0`;
  vi.unstubAllGlobals();
});

const pass = (name: string, payload: Record<string, unknown> = {}) => part.isEventEnvelope({ name, payload });
const cookie = () => document.cookie.split('; ').find((item) => item.startsWith(`${LOGGED_IN_COOKIE}=`)) ?? null;

describe('the logged-in flag', () => {
  it('login.success sets it; logout.action clears it (storage and cookie)', () => {
    expect(pass('login.success', { guid: 'guid-1' })).toBe(true);
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBe('true');
    expect(cookie()).toBe(`${LOGGED_IN_COOKIE}=true`);
    expect(pass('logout.action', {})).toBe(true);
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBe('false');
    expect(cookie()).toBeNull();
  });

  it('session.refresh sets what it says; session.expired clears it', () => {
    pass('session.refresh', { loggedIn: true, guid: 'guid-1' });
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBe('true');
    pass('session.expired');
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBe('false');
    expect(cookie()).toBeNull();
    pass('session.refresh', { loggedIn: true });
    pass('session.refresh', { loggedIn: false });
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBe('false');
  });

  it('other events and anything that is not an event leave it alone; no account is named', () => {
    pass('profile.updated', { guid: 'guid-1' });
    pass('session.refresh', { guid: 'guid-1' });
    expect(part.isEventEnvelope({ name: 'login.success', payload: 'x' })).toBe(false);
    expect(part.isEventEnvelope({ name: 'not.an.event', payload: {} })).toBe(false);
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(cookie()).toBeNull();
    pass('login.success', { guid: 'guid-secret' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('guid-secret');
    expect(document.cookie).not.toContain('guid-secret');
  });

  it('the cookie is a browser-session cookie, Secure on an https page', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    vi.stubGlobal('location', { protocol: 'https:' });
    pass('login.success', { guid: 'guid-1' });
    expect(set).toHaveBeenLastCalledWith(`${LOGGED_IN_COOKIE}=true; path=/; SameSite=Lax; Secure`);
    set.mockRestore();
  });
});
