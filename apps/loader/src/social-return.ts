/**
 * Back from a social sign-in by a full redirect (issue 14): the server sent the visitor back to
 * this page with a single-use result id in its address. The loader takes it out of the address
 * bar at once (history.replaceState; the rest of the address, other parameters and hash, stays as
 * it was), so a spent id is not bookmarked, shared or reloaded, and hands it to the frames in
 * their context instead. When the trip started in the modal (modal.ts keeps the open modal's
 * widget in the page's session storage), the loader opens that widget in the modal again: the
 * visitor comes back to where they were, and only that frame gets the result. The trip's attempt,
 * kept the same way for frames without storage of their own, is handed out once with it.
 */
import { SOCIAL_ATTEMPT_KEY, SOCIAL_MODAL_KEY, SOCIAL_RESULT_PARAM, SOCIAL_RETURN_PARAMS } from '@foyer/protocol/light';
import { isObject, type Attributes } from './settings';

export const socialReturn: {
  /** The result parameters the page came back with, for the frames' `query`. */
  query: Record<string, string>;
  /** The modal widget that left for the provider, and its attributes. */
  modal?: [unknown, Attributes];
  /** The trip's attempt, kept in this page's session storage when it left; handed out once. */
  attempt?: string;
} = { query: {} };

/** The kept attempt, once, for the frame that resumes the trip. */
export function takeSocialAttempt(): string | null {
  const { attempt = null } = socialReturn;
  delete socialReturn.attempt;
  return attempt;
}

/** At boot: takes the result out of the address bar and what modal started the trip out of storage. */
export function takeSocialReturn(): void {
  let kept: unknown;
  let attempt: string | null = null;
  try {
    // Read and removed on every page view: only the page the trip comes back to may reopen it.
    kept = JSON.parse(sessionStorage.getItem(SOCIAL_MODAL_KEY) || '0');
    sessionStorage.removeItem(SOCIAL_MODAL_KEY);
    attempt = sessionStorage.getItem(SOCIAL_ATTEMPT_KEY);
    sessionStorage.removeItem(SOCIAL_ATTEMPT_KEY);
  } catch {
    // No storage: the trip's result goes to the page's own widgets.
  }
  const parts = location.search.slice(1).split('&');
  // Other parameters are kept as written, not re-encoded.
  const rest = parts.filter((part) => {
    const [name = '', value = ''] = part.split('=');
    const ours = (SOCIAL_RETURN_PARAMS as readonly string[]).includes(name);
    // As the server wrote it: URL-safe; the frames check it.
    if (ours) socialReturn.query[name] = value;
    return !ours;
  });
  if (rest.length === parts.length) return;
  // Its form is checked by the frame that takes it (bootstrap/host.ts) and by the server.
  if (attempt && socialReturn.query[SOCIAL_RESULT_PARAM]) {
    socialReturn.attempt = attempt;
  }
  history.replaceState(
    history.state,
    '',
    location.pathname + (rest.length ? '?' + rest.join('&') : '') + location.hash,
  );
  if (Array.isArray(kept) && isObject(kept[1])) socialReturn.modal = [kept[0], kept[1] as Attributes];
}
