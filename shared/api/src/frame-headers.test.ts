import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_TOKEN_HEADER } from './client';
import { frameConfigScript } from './frame-config';
import { frameHeaders } from './frame-headers';

const HOUR = 60 * 60_000;

/** A widgets server whose frame pages carry `token-<service>-<n>`, n counting the pages served. */
function servePages(status = 200) {
  let served = 0;
  const fetch = vi.fn(async (url: string | URL | Request) => {
    const service = new URL(String(url)).searchParams.get('serviceName');
    served++;
    const config = frameConfigScript({
      defaultServiceName: 'demo',
      serviceToken: `token-${service}-${served}`,
      allowedHostOrigins: [],
      icDomain: 'http://widgets.test/ic/api',
    });
    return new Response(status === 200 ? `<html><head>${config}</head></html>` : 'nope', { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('frameHeaders', () => {
  it('reads the token once per widgets server and service', async () => {
    const fetch = servePages();
    const at = Date.now();
    const first = await frameHeaders('http://a.test', 'demo', at);
    expect(first).toEqual({ [FRAME_TOKEN_HEADER]: 'token-demo-1' });
    expect(await frameHeaders('http://a.test/', 'demo', at + HOUR)).toEqual(first);
    expect(
      await Promise.all([frameHeaders('http://a.test', 'demo', at), frameHeaders('http://a.test', 'demo', at)]),
    ).toEqual([first, first]);
    expect(await frameHeaders('http://a.test', 'demo-captcha', at)).toEqual({
      [FRAME_TOKEN_HEADER]: 'token-demo-captcha-2',
    });
    expect(await frameHeaders('http://b.test', 'demo', at)).toEqual({ [FRAME_TOKEN_HEADER]: 'token-demo-3' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(String(fetch.mock.calls[0]![0])).toBe('http://a.test/w/login?serviceName=demo');
  });

  it('fetches a fresh token once half of its 12 h are gone', async () => {
    const fetch = servePages();
    const at = Date.now();
    await frameHeaders('http://c.test', 'demo', at);
    expect(await frameHeaders('http://c.test', 'demo', at + 6 * HOUR)).toEqual({
      [FRAME_TOKEN_HEADER]: 'token-demo-2',
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('says so when the page has no token, and tries again on the next call', async () => {
    servePages(500);
    await expect(frameHeaders('http://d.test', 'demo')).rejects.toThrow('no frame token on the demo frame page (500)');
    servePages();
    expect(await frameHeaders('http://d.test', 'demo')).toEqual({ [FRAME_TOKEN_HEADER]: 'token-demo-1' });
  });
});
