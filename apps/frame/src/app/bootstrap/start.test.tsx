import '../../test/setup';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { setLocale } from '../i18n';
import { DEMO_SERVICE, DEMO_TEMPLATE, fakeIdentityServer, sessionBody } from '../../test/harness';
import { startFrame, type StartedFrame } from './start';

let started: StartedFrame | undefined;

afterEach(() => {
  started?.stop();
  started = undefined;
  document.documentElement.className = '';
  sessionStorage.clear();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function openAt(path: string, win: Window = window, fetch?: typeof globalThis.fetch) {
  history.replaceState(null, '', path);
  const rootElement = document.createElement('div');
  document.body.append(rootElement);
  started = startFrame({ win, rootElement, fetch, connectTimeoutMs: 1000 });
  render(<App store={started.store} />, { container: rootElement });
  return started;
}

describe('standalone (opened directly)', () => {
  it('takes attributes from the query string and lists published events for support staff', async () => {
    const server = fakeIdentityServer({
      'GET /service/news': () => ({ status: 200, body: { ...DEMO_SERVICE, name: 'news' } }),
      'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
      'POST /session': () => ({ status: 401, body: { code: 'IDENTIFIERS_INVALID' } }),
    });
    const frame = openAt('/w/login?serviceName=news&showHeader=false', window, server.fetch);
    // Ready once the locale's table is there (English: at once, after a microtask).
    await vi.waitFor(() => expect(frame.store.getState().frame).toMatchObject({ mode: 'standalone', status: 'ready' }));
    expect(frame.store.getState().frame.attributes).toMatchObject({ serviceName: 'news', showHeader: false });
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Events' })).toBeTruthy();
    expect(screen.getByText('No events yet.')).toBeTruthy();
    expect(document.documentElement.classList.contains('embedded')).toBe(false);
    // The default icDomain is the widgets origin's own API.
    expect(String(server.requests[0]?.path)).toBe('/service/news');
  });

  it('marks when its first field is in the document (the bench reads foyer:first-field), once', async () => {
    performance.clearMarks();
    const server = fakeIdentityServer({
      'GET /service/news': () => ({ status: 200, body: { ...DEMO_SERVICE, name: 'news' } }),
      'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
    });
    openAt('/w/login?serviceName=news', window, server.fetch);
    expect(performance.getEntriesByName('foyer:start')).toHaveLength(1);
    expect(performance.getEntriesByName('foyer:first-field')).toHaveLength(0);
    const email = await screen.findByLabelText('Email');
    await vi.waitFor(() => expect(performance.getEntriesByName('foyer:first-field')).toHaveLength(1));
    email.parentElement!.append(document.createElement('input'));
    await act(async () => {});
    expect(performance.getEntriesByName('foyer:first-field')).toHaveLength(1);
  });

  it('takes ?locale= as the page setting: Spanish texts, template labels and <html lang>', async () => {
    const server = fakeIdentityServer({
      'GET /service/demo': () => ({ status: 200, body: DEMO_SERVICE }),
      'GET /ui/template/login/default': () => ({ status: 200, body: DEMO_TEMPLATE }),
    });
    const frame = openAt('/w/login?serviceName=demo&locale=es', window, server.fetch);
    await vi.waitFor(() => expect(frame.store.getState().frame.status).toBe('ready'));
    expect(frame.store.getState().frame.settings.locale).toBe('es');
    expect(await screen.findByLabelText('Correo electrónico')).toBeTruthy();
    expect(screen.getByLabelText('Contraseña')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    document.documentElement.lang = 'en';
    setLocale('en');
  });

  it('shows INVALID_WIDGET_CONFIG naming every bad attribute, and logs widget.configError', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const frame = openAt('/w/login?showHeader=maybe&showHedaer=true');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This widget is not configured correctly');
    expect(alert.textContent).toContain('showHeader="maybe"');
    expect(alert.textContent).toContain('showHedaer (unknown)');
    expect(alert.textContent).toContain('INVALID_WIDGET_CONFIG');
    expect(error).toHaveBeenCalled();
    expect(frame.store.getState().frame.events.map((event) => event.name)).toEqual(['widget.configError']);
    expect(screen.getByText('widget.configError')).toBeTruthy();
  });

  it("tells a Spanish page's misconfigured widget in Spanish, with <html lang> es", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openAt('/w/login?locale=es&showHeader=maybe');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Este widget no está configurado correctamente');
    expect(alert.textContent).toContain('showHeader="maybe"');
    expect(alert.textContent).not.toContain('Error code');
    expect(document.documentElement.lang).toBe('es');
    document.documentElement.lang = 'en';
    setLocale('en');
  });

  it('shows WIDGET_NOT_AVAILABLE for a path that names no built widget, never a blank page', async () => {
    // Every widget of the spec is built now: a name the route table does not know stands in.
    openAt('/w/v1/no-such-widget');
    expect((await screen.findByRole('alert')).textContent).toContain('This widget is not available yet.');
  });

  it('reads the stored session on start', () => {
    localStorage.setItem('evolok.session', JSON.stringify({ ...sessionBody().mainSession, guid: 'g-9' }));
    const frame = openAt('/w/profile');
    expect(frame.store.getState().session).toMatchObject({ loggedIn: true, guid: 'g-9' });
  });
});

describe('embedded', () => {
  function embeddedWindow(parent: Pick<Window, 'postMessage'>): Window {
    return new Proxy(window, {
      get(target, property) {
        if (property === 'parent') return parent;
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  it('says the site is not allowed when the parent never connects, and shows nothing else', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const parent = { postMessage: vi.fn() };
    openAt('/w/login', embeddedWindow(parent));
    expect(document.documentElement.classList.contains('embedded')).toBe(true);
    // penpal said hello to the parent (SYN) and waits for an allowed origin to answer.
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ namespace: 'penpal', type: 'SYN' }),
      expect.anything(),
    );
    expect(screen.queryByLabelText('Email')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect((await screen.findByRole('alert')).textContent).toContain('This site is not allowed to use these widgets.');
    expect(screen.queryByRole('heading', { name: 'Events' })).toBeNull();
  });

  it('ignores messages from an origin outside the allowed list: nothing is answered to it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const parent = { postMessage: vi.fn() };
    const frame = openAt('/w/login', embeddedWindow(parent));
    // Both orders of penpal's handshake: a remote id above and below the frame's own.
    for (const participantId of ['zzzzzzzz', '00000000']) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { namespace: 'penpal', type: 'SYN', channel: undefined, participantId },
          origin: 'https://evil.example',
          source: parent as unknown as Window,
        }),
      );
    }
    await act(() => vi.advanceTimersByTimeAsync(1000));
    // The frame's own greeting (SYN, to any origin: it does not know its parent yet) is all it sent;
    // an accepted SYN would have been answered with ACK1 addressed to the sender's origin.
    const sent = parent.postMessage.mock.calls.map(([message, options]) => ({
      type: (message as { type?: string }).type,
      targetOrigin: (options as { targetOrigin?: string } | undefined)?.targetOrigin,
    }));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((message) => message.type === 'SYN' && message.targetOrigin === '*')).toBe(true);
    expect(frame.store.getState().frame.error?.code).toBe('ORIGIN_NOT_ALLOWED');
  });
});
