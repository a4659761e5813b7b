/**
 * What a frame sends with its API calls (issue 11, finding 7), for the tools that call the API
 * themselves: the e2e suite, `npm run bench` and `npm run load`. The token is read from a real
 * frame page of the call's service, as anyone can; it is not a secret. Node and test code only:
 * the frames read their own page's config (frame-config.ts), so this module is a subpath export
 * (`@foyer/api/frame-headers`) no frame bundle imports.
 */
import { FRAME_TOKEN_HEADER } from './client';
import { frameConfigFromHtml } from './frame-config';

/**
 * A token lives 12 h (the server's FRAME_TOKEN_LIFETIME_MS); one fetched less than half of that ago
 * still has hours left, more than any run takes.
 */
const REUSE_FOR_MS = 6 * 60 * 60_000;

const tokens = new Map<string, { at: number; token: Promise<string> }>();

async function fetchToken(widgetsUrl: string, service: string): Promise<string> {
  const page = await fetch(`${widgetsUrl}/w/login?serviceName=${encodeURIComponent(service)}`);
  const token = frameConfigFromHtml(await page.text())?.serviceToken;
  if (!token) throw new Error(`no frame token on the ${service} frame page (${page.status})`);
  return token;
}

/** `{ 'X-Foyer-Frame-Token': … }` for `service` on the widgets server at `widgetsUrl`; one fetch per server and service. */
export async function frameHeaders(
  widgetsUrl: string,
  service = 'demo',
  now = Date.now(),
): Promise<Record<string, string>> {
  const key = `${widgetsUrl.replace(/\/$/, '')} ${service}`;
  let entry = tokens.get(key);
  if (!entry || now - entry.at >= REUSE_FOR_MS) {
    entry = { at: now, token: fetchToken(widgetsUrl, service) };
    tokens.set(key, entry);
    // A failed fetch is not remembered: the next call tries again.
    const fetched = entry;
    fetched.token.catch(() => {
      if (tokens.get(key) === fetched) tokens.delete(key);
    });
  }
  return { [FRAME_TOKEN_HEADER]: await entry.token };
}

/**
 * Forgets every token fetched so far. For a run whose server moved its test clock forward
 * (POST /dev/clock): the tokens fetched before have expired by the server's time.
 */
export function forgetFrameTokens(): void {
  tokens.clear();
}
