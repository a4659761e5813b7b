import { describe, expect, it, vi } from 'vitest';
import { authorizeUrl, signInWithPopup } from './popup';

const IC = 'https://id.example.com/ic/api';

/** A window double: records listeners and the opened popup; lets a test post as any origin/source. */
function fakeWindow() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const popup = { closed: false } as { closed: boolean };
  let opened = '';
  const win = {
    location: { href: 'https://widgets.example.com/w/login' },
    open: vi.fn((url: string) => {
      opened = url;
      return popup;
    }),
    addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearInterval: (id: number) => clearInterval(id),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  };
  return {
    win: win as unknown as Window,
    popup,
    attempt: () => new URL(opened).searchParams.get('attempt')!,
    post: (data: unknown, origin: string, source: unknown = popup) => {
      for (const listener of [...listeners]) listener({ data, origin, source } as MessageEvent);
    },
    listening: () => listeners.size,
  };
}

describe('the social popup', () => {
  it('opens the identity server authorize URL with the service, a random attempt and the extra scopes', () => {
    const url = new URL(
      authorizeUrl({ icDomain: `${IC}/`, serviceName: 'news', network: 'google', scopes: ['a', 'b'] }, 'attempt-1'),
    );
    expect(url.href).toBe(
      'https://id.example.com/ic/api/social/google/authorize?serviceName=news&attempt=attempt-1&scope=a+b',
    );
  });

  it('accepts only its popup, from the identity origin, with the schema and its own attempt', async () => {
    const fake = fakeWindow();
    const result = signInWithPopup({
      icDomain: IC,
      serviceName: 'news',
      network: 'google',
      win: fake.win,
      pollMs: 10_000,
    });
    const good = { type: 'foyer:social-outcome', attempt: fake.attempt(), network: 'google', ticket: 't'.repeat(43) };
    fake.post(good, 'https://evil.example.com'); // another origin
    fake.post(good, 'https://id.example.com', {}); // another window
    fake.post({ ...good, attempt: 'someone-elses' }, 'https://id.example.com'); // another attempt
    fake.post({ ...good, network: 'facebook' }, 'https://id.example.com'); // another network
    fake.post({ ...good, ticket: 'short' }, 'https://id.example.com'); // not the schema
    fake.post({ ...good, extra: '<script>', ticket: undefined }, 'https://id.example.com');
    expect(fake.listening()).toBe(1);
    fake.post(good, 'https://id.example.com');
    await expect(result).resolves.toEqual({ ok: true, ticket: good.ticket });
    expect(fake.listening()).toBe(0);
  });

  it('a provider refusal and a closed or blocked popup are errors with their codes', async () => {
    const refused = fakeWindow();
    const answer = signInWithPopup({
      icDomain: IC,
      serviceName: 'news',
      network: 'twitter',
      win: refused.win,
      pollMs: 10_000,
    });
    refused.post(
      { type: 'foyer:social-outcome', attempt: refused.attempt(), network: 'twitter', error: 'access_denied' },
      'https://id.example.com',
    );
    await expect(answer).resolves.toMatchObject({ ok: false, error: { code: 'access_denied' } });

    const closed = fakeWindow();
    const gone = signInWithPopup({ icDomain: IC, serviceName: 'news', network: 'google', win: closed.win, pollMs: 5 });
    closed.popup.closed = true;
    await expect(gone).resolves.toMatchObject({ ok: false, error: { code: 'SOCIAL_POPUP_CLOSED' } });
    await expect(gone).resolves.not.toHaveProperty('blocked');

    const blocked = fakeWindow();
    (blocked.win.open as unknown as ReturnType<typeof vi.fn>).mockReturnValue(null);
    await expect(
      signInWithPopup({ icDomain: IC, serviceName: 'news', network: 'google', win: blocked.win }),
    ).resolves.toMatchObject({ ok: false, error: { code: 'SOCIAL_POPUP_CLOSED' }, blocked: true });
  });
});
