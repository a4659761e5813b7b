/**
 * Social sign-in by a full redirect of the page, where popups do not work (in-app browsers, a
 * blocked popup): the loader sends the top window to the identity server's authorize URL with the
 * host page as `returnTo`; after the provider, the server sends the visitor back to that page
 * with a single-use result id (SOCIAL_RESULT_PARAM) and its purpose, and the frame there redeems
 * the id for the same outcome the popup would have posted (a ticket, or an error code).
 *
 * The trip's `attempt` stays in this browser: in the frame's tab storage, and in the host page's
 * (the loader keeps it, HostMethods.socialAttempt) for a frame whose storage the browser refuses.
 * A result redeems only with it (the server requires it), so a result id from another browser (a
 * link someone sent: login CSRF) cannot sign this visitor into someone else's account.
 */
import {
  foyerError,
  NETWORK_NAMES,
  socialResultIdSchema,
  type FoyerError,
  type SocialNetwork,
  SOCIAL_PURPOSES,
  type SocialPurpose,
  socialError,
} from '@foyer/api';
import * as socialApi from '@foyer/api/social';
import { SOCIAL_PURPOSE_PARAM, SOCIAL_RESULT_PARAM } from '@foyer/protocol';
import * as z from 'zod/mini';
import { callIdentity } from '../../app/store/identityClient';
import { selectIcDomain, selectServiceName } from '../../app/store/selectors';
import { STORAGE_NAMESPACE } from '../../app/store/sessionStorage';
import type { AppThunk } from '../../app/store/thunk';
import { authorizeUrl, randomAttempt } from './popup';

export const PENDING_REDIRECT_KEY = `${STORAGE_NAMESPACE}.socialRedirect`;

const pendingSchema = z.object({
  attempt: z.string().check(z.minLength(8), z.maxLength(100)),
  purpose: z.enum(SOCIAL_PURPOSES),
  /** The widget that left: link-accounts and unlink-accounts both resume a confirmation. */
  widget: z.optional(z.string()),
});

/** The host page to come back to: its address without an earlier trip's result parameters. */
export function returnToOf(hostUrl: string | null): string | null {
  if (!hostUrl) return null;
  try {
    const url = new URL(hostUrl);
    url.searchParams.delete(SOCIAL_RESULT_PARAM);
    url.searchParams.delete(SOCIAL_PURPOSE_PARAM);
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Sends the whole page to the provider (through the identity server). Resolves null once the
 * loader accepted (the page is leaving), else the error to show.
 */
export const startSocialRedirect =
  (input: {
    network: SocialNetwork;
    scopes: readonly string[];
    purpose: SocialPurpose;
  }): AppThunk<Promise<FoyerError | null>> =>
  async (_dispatch, getState, extra) => {
    const state = getState();
    const returnTo = returnToOf(state.frame.hostUrl);
    if (!returnTo) return socialError('SOCIAL_POPUP_CLOSED');
    const attempt = randomAttempt();
    const tab = extra.storage.tab;
    let kept = false;
    try {
      tab?.setItem(
        PENDING_REDIRECT_KEY,
        JSON.stringify({
          attempt,
          purpose: input.purpose,
          ...(state.frame.widget ? { widget: state.frame.widget } : {}),
        }),
      );
      kept = !!tab;
    } catch {
      // Storage refused after all: the host page keeps it.
    }
    // Also where the frame kept it: its storage may be gone when the page comes back (partitioning).
    const hostKept = (await extra.host.socialAttempt?.(attempt)) === attempt;
    // Kept nowhere, the result could not be redeemed: say so now rather than after the trip.
    if (!kept && !hostKept) return socialError('SOCIAL_POPUP_CLOSED');
    const url = authorizeUrl(
      {
        icDomain: new URL(selectIcDomain(state), location.href).href,
        serviceName: selectServiceName(state),
        network: input.network,
        scopes: input.scopes,
      },
      attempt,
      { returnTo, purpose: input.purpose },
    );
    if (await extra.host.navigate(url)) return null;
    try {
      tab?.removeItem(PENDING_REDIRECT_KEY);
    } catch {
      // Nothing kept.
    }
    return socialError('SOCIAL_POPUP_CLOSED');
  };

export type ResumedOutcome = { network: SocialNetwork; ticket: string } | { error: FoyerError };

/**
 * Who a ticket would sign in as, in words for the visitor (the provider's name for them, else
 * their address, else the network's name): a redirect sign-in that would replace the session
 * already live here asks "Continue as …?" first (issue 24). Reads the ticket without spending it.
 */
export const socialIdentityName =
  (network: SocialNetwork, ticket: string): AppThunk<Promise<string>> =>
  async (dispatch, getState, extra) => {
    const answer = await callIdentity({ getState, dispatch, extra }, socialApi.getSocialProfile, {
      params: { network },
      query: { ticket },
    });
    const name = answer.ok
      ? answer.data.displayName || [answer.data.firstName, answer.data.lastName].filter(Boolean).join(' ')
      : '';
    return name || (answer.ok && answer.data.email) || NETWORK_NAMES[network];
  };

/** Result ids this frame already took (a widget's buttons mount again when its panels close). */
const taken = new Set<string>();

/** Test hook: forget the taken result ids. */
export function forgetTakenResults(): void {
  taken.clear();
}

function pendingOf(raw: string | null): z.infer<typeof pendingSchema> | null {
  try {
    const result = pendingSchema.safeParse(JSON.parse(raw ?? 'null'));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * The pending trip this frame's storage kept for `purpose`, taken out by the widget that started it
 * (another widget of the page leaves it); undefined without storage.
 */
function takePending(
  tab: Storage | null,
  purpose: SocialPurpose,
  widget: string,
): { attempt: string } | null | undefined {
  if (!tab) return undefined;
  let raw: string | null;
  try {
    raw = tab.getItem(PENDING_REDIRECT_KEY);
  } catch {
    return undefined;
  }
  const parsed = pendingOf(raw);
  if (!parsed || parsed.purpose !== purpose || (parsed.widget !== undefined && parsed.widget !== widget)) return null;
  tab.removeItem(PENDING_REDIRECT_KEY);
  return { attempt: parsed.attempt };
}

/**
 * Back on the host page: when its address carries a result for `purpose`, redeems it (once per
 * page: by the widget that started the trip where the frame's storage kept it, else by whichever
 * widget asks first) and answers its outcome; null when there is nothing to resume.
 */
export const resumeSocialRedirect =
  (purpose: SocialPurpose): AppThunk<Promise<ResumedOutcome | null>> =>
  async (dispatch, getState, extra) => {
    const { query } = getState().frame;
    const result = query[SOCIAL_RESULT_PARAM];
    if (query[SOCIAL_PURPOSE_PARAM] !== purpose || !result || !socialResultIdSchema.safeParse(result).success)
      return null;
    if (taken.has(result)) return null;
    const pending = takePending(extra.storage.tab, purpose, getState().frame.widget);
    // Another widget's trip: left for it (this frame may not mark the result taken).
    if (pending === null) return null;
    taken.add(result);
    // Without storage, the attempt the host page kept; none: not this browser's trip (or another
    // widget of the page took it), and a result without its attempt is not redeemed at all.
    const attempt = pending?.attempt ?? (await extra.host.socialAttempt?.()) ?? null;
    if (!attempt) return null;
    const answer = await callIdentity({ getState, dispatch, extra }, socialApi.redeemSocialResult, {
      body: { result, attempt },
    });
    if (!answer.ok) return { error: answer.error };
    return 'ticket' in answer.data
      ? { network: answer.data.network, ticket: answer.data.ticket }
      : { error: foyerError(answer.data.error) };
  };
