/**
 * The social calls of the frame (identity spec §4 social transitions): sign in or register with
 * a ticket, link, unlink, the linked profiles, with the events each publishes. Success events
 * name the account and network only; the ticket never leaves the frame.
 */
import {
  linkedProfileKey,
  socialError,
  type FoyerError,
  type LinkedProfiles,
  type NameValue,
  type SocialNetwork,
} from '@foyer/api';
import * as socialApi from '@foyer/api/social';
import { removeHelloEntry } from '../../app/store/helloEntry';
import { callIdentity } from '../../app/store/identityClient';
import { storeLogin, type LoginResult } from '../../app/store/loginThunks';
import { selectServiceName } from '../../app/store/selectors';
import type { AppThunk } from '../../app/store/thunk';
import { liveSecureSession } from '../../app/store/secureSession';

export type SocialResult<T> = { ok: true; data: T } | { ok: false; error: FoyerError };

const failure = (error: FoyerError, network: SocialNetwork) => ({
  code: error.code,
  statusCode: error.statusCode,
  network,
});

/**
 * session.refresh for the signed-in account (identity spec §4: a link or an unlink changed the
 * account's ways in; the page's other frames reload what they show of it).
 */
const sessionRefresh = (): AppThunk => (_dispatch, getState, extra) => {
  const { session, frame } = getState();
  if (!session.loggedIn || !session.guid) return;
  const exposed = frame.settings.exposeSessionId && session.sessionId ? { sessionId: session.sessionId } : {};
  extra.host.publish({ name: 'session.refresh', payload: { loggedIn: true, guid: session.guid, ...exposed } });
};

/**
 * A failed social sign-in or registration refreshes the social session (identity spec §4): the
 * networks linked to whoever is signed in (none when nobody is), so no frame keeps a stale view.
 */
const refreshSocialSessionAfterFailure = (): AppThunk<Promise<void>> => async (dispatch, getState, extra) => {
  const { guid, loggedIn } = getState().session;
  if (loggedIn && guid) await dispatch(refreshLinked(guid));
  else extra.host.publish({ name: 'socialSession.refresh', payload: { linked: [] } });
};

/** socialSession.refresh with the networks now linked (one extra call; only after a change). */
const refreshLinked =
  (guid: string): AppThunk<Promise<LinkedProfiles | null>> =>
  async (dispatch, getState, extra) => {
    const result = await callIdentity({ getState, dispatch, extra }, socialApi.getLinkedProfiles, { params: { guid } });
    if (!result.ok) return null;
    extra.host.publish({ name: 'socialSession.refresh', payload: { linked: Object.keys(result.data.profiles) } });
    return result.data;
  };

export interface SocialLoginInput {
  network: SocialNetwork;
  ticket: string;
  autoRegister: boolean;
  autoPopulate: boolean;
  /** Profile attribute ← network profile field, for autoRegister with autoPopulate (mappingPairs). */
  attributesMapping?: NameValue[];
}

/**
 * The social buttons' `attributesMapping` (`attribute=field` items) as the name/value pairs the
 * server takes; null when an item is not such a pair ('Attributes should be list of key/value pairs').
 */
export function mappingPairs(items: readonly string[]): NameValue[] | null {
  const pairs: NameValue[] = [];
  for (const item of items) {
    const match = /^([^=\s]+)\s*=\s*([^=\s]+)$/.exec(item.trim());
    if (!match) return null;
    pairs.push({ name: match[1]!, value: match[2]! });
  }
  return pairs;
}

/**
 * POST /social/:network/session. USER_PROFILE_IDENTIFIERS_NOT_FOUND (no linked account) is not a
 * failure event: the widget goes on to social registration or linking with the same ticket.
 */
export const socialLogin =
  (input: SocialLoginInput): AppThunk<Promise<LoginResult>> =>
  async (dispatch, getState, extra) => {
    const { settings } = getState().frame;
    const serviceName = selectServiceName(getState());
    const result = await callIdentity({ getState, dispatch, extra }, socialApi.socialSession, {
      params: { network: input.network },
      query: { autoRegister: String(input.autoRegister), autoPopulate: String(input.autoPopulate) },
      body: {
        ticket: input.ticket,
        realmName: settings.realmName,
        serviceName,
        ...(input.attributesMapping?.length ? { attributesMapping: input.attributesMapping } : {}),
      },
    });
    if (!result.ok) {
      if (result.error.code !== 'USER_PROFILE_IDENTIFIERS_NOT_FOUND') {
        extra.host.publish({ name: 'socialLogin.failed', payload: failure(result.error, input.network) });
        await dispatch(refreshSocialSessionAfterFailure());
      }
      return { ok: false, error: result.error };
    }
    const name = result.status === 201 ? 'socialRegister.success' : 'socialLogin.success';
    const stored = await dispatch(
      storeLogin(result, 'social', (guid) => ({ name, payload: { guid, network: input.network } })),
    );
    if (stored.ok) await dispatch(refreshLinked(stored.guid));
    return stored;
  };

/** A social registration that waits for the activation mailed to an address the network did not vouch for. */
export type SocialRegisterResult = LoginResult | { ok: true; activationMailed: true };

/**
 * POST /social/:network/register: the social registration form; signs the new account in, or
 * (202) leaves it waiting for its activation mail, with no session.
 */
export const socialRegister =
  (input: {
    network: SocialNetwork;
    ticket: string;
    attributes: NameValue[];
    roles?: readonly string[];
    rolesToAssign?: readonly string[];
  }): AppThunk<Promise<SocialRegisterResult>> =>
  async (dispatch, getState, extra) => {
    const { settings } = getState().frame;
    const { roles = [], rolesToAssign = [] } = input;
    // Identity spec §5: attributes, roles and rolesToAssign are lists, or the call is not made.
    if (![input.attributes, roles, rolesToAssign].every((list) => Array.isArray(list))) {
      return { ok: false, error: socialError('SOCIAL_ATTRIBUTES_NOT_PAIRS') };
    }
    const result = await callIdentity({ getState, dispatch, extra }, socialApi.socialRegister, {
      params: { network: input.network },
      body: {
        ticket: input.ticket,
        realm: settings.realmName,
        services: [selectServiceName(getState())],
        attributes: input.attributes,
        ...(roles.length ? { roles: [...roles] } : {}),
        ...(rolesToAssign.length ? { rolesToAssign: [...rolesToAssign] } : {}),
      },
    });
    if (!result.ok) {
      extra.host.publish({ name: 'socialRegister.failed', payload: failure(result.error, input.network) });
      await dispatch(refreshSocialSessionAfterFailure());
      return { ok: false, error: result.error };
    }
    const { data } = result;
    if (!('mainSession' in data)) {
      // Created and linked, as registration.success says of an account still to activate.
      extra.host.publish({ name: 'socialRegister.success', payload: { guid: data.guid, network: input.network } });
      return { ok: true, activationMailed: true };
    }
    const stored = await dispatch(
      storeLogin({ ...result, data }, 'social', (guid) => ({
        name: 'socialRegister.success',
        payload: { guid, network: input.network },
      })),
    );
    if (stored.ok) await dispatch(refreshLinked(stored.guid));
    return stored;
  };

/**
 * Link and unlink need a fresh proof (the server's security/fresh-proof.ts): they go with the
 * secure session a password login or re-authentication gave, while it lives. Without one, or with
 * one whose proof is too old: one of these codes, on which the widget asks for the proof (the
 * password, or for an account without one a linked network) and tries again.
 */
/**
 * Social registration's Cancel (identity spec §4 registration cancel): the social sign-in
 * library's `hello` entry goes, and the page hears socialRegistration.cancelled. The form leaves
 * (back to the sign-in buttons) without a reload.
 */
export const cancelSocialRegistration = (): AppThunk => (_dispatch, _getState, extra) => {
  removeHelloEntry(extra.storage);
  extra.host.publish({ name: 'socialRegistration.cancelled', payload: {} });
};

export function needsFreshProof(error: FoyerError): boolean {
  return error.code === 'SOCIAL_PROOF_REQUIRED' || error.code === 'secure_session_expired';
}

/** The secure session to send, when the frame has a live one (else the main session goes). */
const proofSession = (): AppThunk<{ sessionId?: string }> => (_dispatch, getState, extra) => {
  const secure = liveSecureSession(getState().session, extra.storage);
  return secure ? { sessionId: secure.sessionId } : {};
};

/**
 * POST /social/:guid/:network/link for the logged-in user. A request for the proof is a step of
 * the link, not its failure: no socialLink.failed for it.
 */
export const socialLink =
  (input: { network: SocialNetwork; ticket: string }): AppThunk<Promise<SocialResult<LinkedProfiles>>> =>
  async (dispatch, getState, extra) => {
    const guid = getState().session.guid ?? '';
    const result = await callIdentity(
      { getState, dispatch, extra },
      socialApi.socialLink,
      { params: { guid, network: input.network }, body: { ticket: input.ticket } },
      dispatch(proofSession()),
    );
    if (!result.ok) {
      if (!needsFreshProof(result.error)) {
        extra.host.publish({ name: 'socialLink.failed', payload: failure(result.error, input.network) });
      }
      return result;
    }
    // The spec's order: session refresh, social session refresh, then the link's success (last: a
    // modal closes on a success, and what came after it would be lost with the frame's connection).
    dispatch(sessionRefresh());
    extra.host.publish({ name: 'socialSession.refresh', payload: { linked: Object.keys(result.data.profiles) } });
    extra.host.publish({ name: 'socialLink.success', payload: { guid, network: input.network } });
    return { ok: true, data: result.data };
  };

/**
 * POST /social/:guid/:network/unlink. A 403 names the authentication scheme in its args (the
 * last sign-in method of an account without a password): unlink_user_social_network. As for the
 * link, a request for the proof publishes no failure.
 */
export const socialUnlink =
  (network: SocialNetwork): AppThunk<Promise<SocialResult<LinkedProfiles>>> =>
  async (dispatch, getState, extra) => {
    const guid = getState().session.guid ?? '';
    const result = await callIdentity(
      { getState, dispatch, extra },
      socialApi.socialUnlink,
      { params: { guid, network } },
      dispatch(proofSession()),
    );
    if (!result.ok) {
      if (needsFreshProof(result.error)) return result;
      extra.host.publish({ name: 'socialUnlink.failed', payload: failure(result.error, network) });
      const scheme = result.error.args[0];
      if (result.error.code === 'unlink_user_social_network' && result.error.statusCode === 403 && scheme) {
        // The auth-scheme-failed notice (identity spec §4): edit-social-profile loads that scheme's form.
        extra.host.publish({ name: 'socialUnlink.authSchemeFailed', payload: { authenticationSchemeName: scheme } });
      }
      return result;
    }
    // Session refresh first (the spec's order); the success last, as for the link: a modal closes on it.
    dispatch(sessionRefresh());
    extra.host.publish({ name: 'socialSession.refresh', payload: { linked: Object.keys(result.data.profiles) } });
    extra.host.publish({ name: 'socialUnlink.success', payload: { guid, network } });
    return { ok: true, data: result.data };
  };

export function isLinked(profiles: LinkedProfiles | null, network: SocialNetwork): boolean {
  return !!profiles?.profiles[linkedProfileKey(network)];
}
