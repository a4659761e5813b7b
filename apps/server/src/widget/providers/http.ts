/** JSON over HTTPS to a provider, with a timeout; network failures become ProviderUnavailable. */
import { ProviderUnavailable } from './types';

export interface ProviderResponse {
  status: number;
  body: Record<string, unknown>;
}

export async function providerRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; timeoutMs?: number },
): Promise<ProviderResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body ?? null,
      signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
    });
  } catch (error) {
    throw new ProviderUnavailable(`${init.method} ${url}: ${String(error)}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new ProviderUnavailable(`${init.method} ${url}: answered ${response.status} without JSON`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ProviderUnavailable(`${init.method} ${url}: unexpected body`);
  }
  if (response.status >= 500) throw new ProviderUnavailable(`${init.method} ${url}: ${response.status}`);
  return { status: response.status, body: body as Record<string, unknown> };
}
