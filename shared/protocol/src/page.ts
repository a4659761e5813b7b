/**
 * A page instance's name. The loader draws one per page load and puts it in the fragment of every
 * frame it creates (`#page=<id>`), modal steps and late placeholders included; the frames share
 * what is kept per page (the basket and its checkout step) only with frames of the same id, so
 * two tabs of one site, which share the widgets origin's channel, do not mix their baskets. The
 * fragment never reaches the server, and the id is no secret (it only scopes a channel).
 */
export const PAGE_PARAM = 'page';

const ID_PATTERN = /^[\w-]{8,64}$/;

export function isPageId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** 128 random bits as hex (getRandomValues: also where randomUUID is not, plain-http pages). */
export function randomPageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The page id a frame URL's fragment names, or null. */
export function pageIdFromFragment(hash: string): string | null {
  const id = new URLSearchParams(hash.replace(/^#/, '')).get(PAGE_PARAM);
  return isPageId(id) ? id : null;
}
