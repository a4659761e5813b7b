import { describe, expect, it } from 'vitest';
import { callEndpoint, FRAME_TOKEN_HEADER } from './client';
import { identityEndpoints } from './identity/endpoint-table';

function fakeFetch(status: number, body: unknown, seen: Request[] = []): typeof fetch {
  return async (input, init) => {
    seen.push(new Request(input, init));
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
}

describe('callEndpoint', () => {
  it('builds the path, sends JSON with the authorization header and no cookies, and validates the answer', async () => {
    const seen: Request[] = [];
    const profile = {
      guid: 'g1',
      attributes: [{ name: 'email', value: 'a@b.c' }],
      roles: [],
      services: [],
      state: 'ACTIVE',
    };
    const result = await callEndpoint(
      { baseUrl: 'http://api.test/ic/api/', fetch: fakeFetch(200, profile, seen), authorization: () => 'Evolok x=y' },
      identityEndpoints.getUserProfile,
      { params: { id: 'g/1' }, query: { serviceName: 'demo', skipped: undefined } },
    );
    expect(result).toMatchObject({ ok: true, data: profile, status: 200 });
    // Success results carry the response headers (login reads the SSO domains header from them).
    expect(result.ok && result.headers).toBeInstanceOf(Headers);
    expect(seen[0]!.url).toBe('http://api.test/ic/api/userProfile/g%2F1?serviceName=demo');
    expect(seen[0]!.headers.get('authorization')).toBe('Evolok x=y');
    expect(seen[0]!.credentials).toBe('omit');
  });

  it("sends the frame config's token on every call when given, and none otherwise", async () => {
    const seen: Request[] = [];
    const options = { baseUrl: 'http://api.test', fetch: fakeFetch(200, {}, seen) };
    await callEndpoint({ ...options, frameToken: 'f1.token' }, identityEndpoints.deleteSession, {
      params: { id: 's' },
    });
    await callEndpoint(options, identityEndpoints.deleteSession, { params: { id: 's' } });
    expect(seen.map((request) => request.headers.get(FRAME_TOKEN_HEADER))).toEqual(['f1.token', null]);
  });

  it('sends a list query value as a repeated parameter', async () => {
    const seen: Request[] = [];
    await callEndpoint({ baseUrl: 'http://api.test', fetch: fakeFetch(200, {}, seen) }, identityEndpoints.getSession, {
      params: { id: 's' },
      query: { paymentPlan: ['a', 'b'], none: [], one: 'x' },
    });
    expect(new URL(seen[0]!.url).search).toBe('?paymentPlan=a&paymentPlan=b&one=x');
  });

  it('normalises error answers and refuses bodies that do not match the schema', async () => {
    const failed = await callEndpoint(
      { baseUrl: 'http://api.test', fetch: fakeFetch(401, { code: 'SESSION_HAS_EXPIRED' }) },
      identityEndpoints.getSession,
      { params: { id: 's' } },
    );
    expect(failed).toMatchObject({ ok: false, error: { code: 'SESSION_HAS_EXPIRED', statusCode: 401 } });
    const malformed = await callEndpoint(
      { baseUrl: 'http://api.test', fetch: fakeFetch(200, { unexpected: true }) },
      identityEndpoints.getSession,
      { params: { id: 's' } },
    );
    expect(malformed).toMatchObject({ ok: false, error: { code: 'technical_difficulties' } });
  });

  it('reports a network failure as NETWORK_ERROR with status 0', async () => {
    const result = await callEndpoint(
      {
        baseUrl: 'http://api.test',
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      },
      identityEndpoints.getService,
      { params: { name: 'demo' } },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'NETWORK_ERROR', statusCode: 0 } });
  });
});
