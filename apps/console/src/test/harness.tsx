/**
 * Renders the console at a path with a fresh store and a stand-in for the admin API: `fetch` is
 * replaced by a function answering each call from the routes a test gives (the e2e suite runs the
 * real server). Every call is recorded with its method, path, headers and body.
 */
import { ROLE_PERMISSIONS, type OperatorRole, type OperatorSession } from '@foyer/api/admin';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { makeStore } from '../app/store';
import { BASENAME, routes } from '../routes';

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials;
}

export type Answer = { status?: number; body?: unknown } | undefined;
export type Handler = (call: Call) => Answer | Promise<Answer>;

export function session(role: OperatorRole = 'owner', csrfToken = 'csrf-token-1'): OperatorSession {
  return {
    operator: {
      id: 'op-1',
      email: `${role}@foyer.test`,
      name: `The ${role}`,
      role,
      totp: true,
      createdAt: 0,
      lastLoginAt: null,
      disabledAt: null,
    },
    permissions: [...ROLE_PERMISSIONS[role]],
    csrfToken,
    idleExpiresAt: Date.now() + 30 * 60_000,
  };
}

export const apiError = (status: number, code: string, message = code) => ({
  status,
  body: { code, message, args: [] },
});

/** Stands in for the admin API; unanswered calls are a 404 (and fail the test that expected otherwise). */
export function stubApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: Call = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
      credentials: request.credentials,
    };
    calls.push(call);
    const answer = (await handler(call)) ?? {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not found', args: [] },
    };
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

export function renderConsole(path: string) {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [`${BASENAME}${path}`], basename: BASENAME });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
