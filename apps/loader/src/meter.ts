/**
 * The paywall's anonymous meter id (HostMethods.meter), kept in the host site's own storage, which
 * browsers keep when they refuse third-party storage. Only a connected frame asks, so this travels
 * in penpal.js rather than in loader.js (the 5 KB budget). The id is also kept in the first-party
 * cookie `foyer_meter` (issue 26), so the site's own server sees the reader's meter on the first
 * request; it is no secret: it names a meter, which only counts views.
 */
const METER_KEY = 'evolok.meter';

/** Keeps `id` when given one (issued by the server) and answers the stored id, or null. */
export function keepMeter(id: unknown): string | null {
  try {
    if (typeof id === 'string' && /^[\w-]{1,200}$/.test(id)) localStorage.setItem(METER_KEY, id);
    const kept = localStorage.getItem(METER_KEY);
    // Written on every ask: the cookie of a meter kept before it existed, and a year from the last view.
    if (kept)
      document.cookie = `foyer_meter=${kept}; path=/; max-age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
    return kept;
  } catch {
    return null;
  }
}
