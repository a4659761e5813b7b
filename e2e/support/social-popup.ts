import { expect, type Page } from '@playwright/test';
import { stack } from './stack';

/**
 * A desktop Chrome's user agent (popups work there, unlike in in-app browsers), to which a test
 * adds its marker so the stand-in's person is its own (`forUserAgent`).
 */
export const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/**
 * Waits until the sign-in popup has closed. The callback page closes it as soon as it has posted
 * the outcome, which can happen before a `close` listener is attached: an already-closed popup
 * would otherwise be waited for forever.
 */
export async function popupClosed(popup: Promise<Page>): Promise<void> {
  const opened = await popup;
  if (!opened.isClosed()) await opened.waitForEvent('close');
}

/**
 * The origin of a network's stand-in provider, found where the server sends a sign-in (`attempt`
 * only has to be well formed: nothing is signed in).
 */
export async function standIn(network: string, attempt = 'e2e-probe-0001'): Promise<string> {
  const response = await fetch(
    `${stack.widgetsUrl}/ic/api/social/${network}/authorize?serviceName=demo&attempt=${attempt}`,
    { redirect: 'manual' },
  );
  return new URL(response.headers.get('location')!).origin;
}

let people = 0;
/**
 * A new person at the network's stand-in, who signs in (or refuses) on the next popup; with
 * `forUserAgent`, only for the browser whose user agent has that marker (tests running at once).
 */
export async function nextPerson(network: string, options: { deny?: boolean; forUserAgent?: string } = {}) {
  people += 1;
  const id = `e2e-${network}-${Date.now()}-${people}`;
  const person = {
    ...(options.deny
      ? { deny: true }
      : { id, email: `${id}@social.test`, firstName: 'Robin', lastName: `Social${people}` }),
    ...(options.forUserAgent ? { forUserAgent: options.forUserAgent } : {}),
  };
  const answer = await fetch(`${await standIn(network)}/__stand-in/person`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(person),
  });
  expect(answer.status).toBe(204);
  return { id, email: `${id}@social.test` };
}
