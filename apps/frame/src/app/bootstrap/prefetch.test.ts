import { describe, expect, it, vi } from 'vitest';
import { prefetchingFetch, prefetchLogin } from './prefetch';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('prefetchingFetch', () => {
  it('answers the matching GET once from the prefetched response, then fetches again', async () => {
    const base = vi.fn(async () => json({ hello: 'world' }));
    const prefetcher = prefetchingFetch(base);
    expect(await prefetcher.prefetch('http://api.test/a')).toEqual({ hello: 'world' });
    expect(await (await prefetcher.fetch('http://api.test/a')).json()).toEqual({ hello: 'world' });
    expect(base).toHaveBeenCalledTimes(1);
    await prefetcher.fetch('http://api.test/a');
    expect(base).toHaveBeenCalledTimes(2);
  });

  it('never answers other methods or URLs from a prefetch', async () => {
    const base = vi.fn(async () => json({}));
    const prefetcher = prefetchingFetch(base);
    void prefetcher.prefetch('http://api.test/a');
    await prefetcher.fetch('http://api.test/a', { method: 'POST' });
    await prefetcher.fetch('http://api.test/b');
    expect(base).toHaveBeenCalledTimes(3);
  });

  it('falls back to a real request when the prefetch failed or was refused', async () => {
    const base = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(json({ again: true }));
    const prefetcher = prefetchingFetch(base);
    expect(await prefetcher.prefetch('http://api.test/a')).toBeNull();
    expect(await (await prefetcher.fetch('http://api.test/a')).json()).toEqual({ again: true });
  });
});

describe('prefetchLogin', () => {
  it("fetches the service, then its scheme's login template", async () => {
    const base = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/service/demo')
        ? json({ authenticationSchemeName: 'default' })
        : json({ identifiers: [] }),
    );
    const prefetcher = prefetchingFetch(base);
    prefetchLogin(prefetcher, 'http://api.test/ic/api/', 'demo');
    await vi.waitFor(() => expect(base).toHaveBeenCalledTimes(2));
    expect(base.mock.calls.map(([url]) => String(url))).toEqual([
      'http://api.test/ic/api/service/demo',
      'http://api.test/ic/api/ui/template/login/default',
    ]);
    await prefetcher.fetch('http://api.test/ic/api/ui/template/login/default');
    expect(base).toHaveBeenCalledTimes(2);
  });

  it('fetches both at once when the frame config names the scheme', async () => {
    let answerService: (response: Response) => void = () => {};
    const base = vi.fn((input: RequestInfo | URL) =>
      String(input).endsWith('/service/demo')
        ? new Promise<Response>((resolve) => (answerService = resolve))
        : Promise.resolve(json({ identifiers: [] })),
    );
    const prefetcher = prefetchingFetch(base);
    prefetchLogin(prefetcher, 'http://api.test/ic/api', 'demo', 'token', 'default');
    // The template is asked for while the service has not answered yet.
    expect(base.mock.calls.map(([url]) => String(url))).toEqual([
      'http://api.test/ic/api/service/demo',
      'http://api.test/ic/api/ui/template/login/default',
    ]);
    answerService(json({ authenticationSchemeName: 'default' }));
    await prefetcher.fetch('http://api.test/ic/api/service/demo');
    await prefetcher.fetch('http://api.test/ic/api/ui/template/login/default');
    expect(base).toHaveBeenCalledTimes(2);
  });
});
