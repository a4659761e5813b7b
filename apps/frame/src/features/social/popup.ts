/**
 * The OAuth step seen from the frame: a popup on the identity server's
 * GET /social/:network/authorize, which runs the authorization-code grant with PKCE and ends on a
 * callback page that posts the outcome back to this window. The frame accepts only a message
 * from that popup, from the identity server's origin, matching `socialOutcomeSchema` and carrying
 * the random `attempt` this frame chose: anything else is ignored. The outcome is a ticket (the
 * provider's token stays on the server) or an error code.
 */
import {
  foyerError,
  socialOutcomeSchema,
  type FoyerError,
  type SocialNetwork,
  type SocialPurpose,
  socialError,
} from '@foyer/api';

/** `blocked`: the browser gave no window (popup blocker); the caller falls back to the full redirect. */
export type PopupOutcome = { ok: true; ticket: string } | { ok: false; error: FoyerError; blocked?: true };

export interface PopupOptions {
  /** The identity API base URL (the page's icDomain). */
  icDomain: string;
  serviceName: string;
  network: SocialNetwork;
  /** Extra scopes (extendPermissions). */
  scopes?: readonly string[];
  /** Injectable for tests. */
  win?: Window;
  /** How often to check whether the visitor closed the popup. */
  pollMs?: number;
}

export function randomAttempt(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The authorize URL the popup opens; with `redirect`, the one the whole page goes to
 * (full-redirect mode): the host page to come back to and what resumes there.
 */
export function authorizeUrl(
  options: Pick<PopupOptions, 'icDomain' | 'serviceName' | 'network' | 'scopes'>,
  attempt: string,
  redirect?: { returnTo: string; purpose: SocialPurpose },
): string {
  const base = options.icDomain.replace(/\/+$/, '');
  const url = new URL(`${base}/social/${encodeURIComponent(options.network)}/authorize`);
  url.searchParams.set('serviceName', options.serviceName);
  url.searchParams.set('attempt', attempt);
  if (options.scopes?.length) url.searchParams.set('scope', options.scopes.join(' '));
  if (redirect) {
    url.searchParams.set('returnTo', redirect.returnTo);
    url.searchParams.set('purpose', redirect.purpose);
  }
  return url.href;
}

/**
 * Opens the popup (call it from the click handler: browsers allow popups only on a user gesture)
 * and resolves with its outcome. A closed popup resolves SOCIAL_POPUP_CLOSED; a blocked one too,
 * marked `blocked`.
 */
export function signInWithPopup(options: PopupOptions): Promise<PopupOutcome> {
  const win = options.win ?? window;
  const attempt = randomAttempt();
  const expectedOrigin = new URL(options.icDomain, win.location.href).origin;
  const popup = win.open(authorizeUrl(options, attempt), 'foyer-social', 'popup,width=520,height=640');
  if (!popup) return Promise.resolve({ ok: false, error: socialError('SOCIAL_POPUP_CLOSED'), blocked: true });
  return new Promise((resolve) => {
    let finished = false;
    const finish = (outcome: PopupOutcome) => {
      if (finished) return;
      finished = true;
      win.removeEventListener('message', onMessage);
      win.clearInterval(timer);
      resolve(outcome);
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== expectedOrigin || event.source !== popup) return;
      const parsed = socialOutcomeSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.attempt !== attempt || parsed.data.network !== options.network) return;
      const outcome = parsed.data;
      if ('ticket' in outcome) finish({ ok: true, ticket: outcome.ticket });
      else finish({ ok: false, error: foyerError(outcome.error) });
    }
    win.addEventListener('message', onMessage);
    // The visitor may close the popup instead of answering; give a message in flight a moment.
    const timer = win.setInterval(() => {
      if (popup.closed) win.setTimeout(() => finish({ ok: false, error: socialError('SOCIAL_POPUP_CLOSED') }), 300);
    }, options.pollMs ?? 400);
  });
}
