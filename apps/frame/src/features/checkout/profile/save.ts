/**
 * The profile's calls (purchase spec §4, §7): load the groups; save — POST without a session,
 * then the purchase flow's login unless skipped; PUT with one.
 */
import { foyerError, type ApiResult, type FoyerError, type NameValue } from '@foyer/api';
import {
  RECAPTCHA_RESPONSE_FIELD,
  createProfile,
  getProfileAttributeGroups,
  profileLogin,
  updateProfile,
  type ProfileGroups,
} from '@foyer/api/widget';
import { storeLogin } from '../../../app/store/loginThunks';
import type { AppThunk } from '../../../app/store/thunk';
import { callWidget } from '../../../app/store/widgetClient';

/** GET /widget/profile/attributeGroups/{serviceName}; with a session, values and saved addresses come filled in. */
export const loadProfileGroups =
  (serviceName: string, signal: AbortSignal): AppThunk<Promise<ApiResult<ProfileGroups>>> =>
  (dispatch, getState, extra) =>
    callWidget({ dispatch, getState, extra }, getProfileAttributeGroups, { params: { serviceName }, signal });

export interface SaveInput {
  serviceName: string;
  payload: NameValue[];
  credentials: { identifiers: NameValue[]; validators: NameValue[] };
  /** Log in after creating the account (not with skipLogin / skipSessionCreation). */
  login: boolean;
  /** An account this form already created whose login then failed: only log in again. */
  createdGuid: string | null;
  /** The solved captcha of a service with a site key (single-use: it is spent by one call). */
  recaptchaResponse?: string | null;
}

export type SaveResult =
  | { ok: true; guid: string }
  | {
      ok: false;
      error: FoyerError;
      /** Set when the account exists though the login failed. */ createdGuid: string | null;
      /** The captcha was spent creating the account: the login needs a second one. */
      verifyAgain?: boolean;
    };

export const saveProfile =
  (input: SaveInput): AppThunk<Promise<SaveResult>> =>
  async (dispatch, getState, extra) => {
    const api = { dispatch, getState, extra };
    const params = { serviceName: input.serviceName };
    const { session } = getState();
    if (session.loggedIn && session.guid) {
      // Nothing of the profile itself to send (e.g. only a saved address chosen): no call.
      if (!input.payload.length) return { ok: true, guid: session.guid };
      const updated = await callWidget(api, updateProfile, { params, body: input.payload });
      return updated.ok
        ? { ok: true, guid: updated.data.guid }
        : { ok: false, error: updated.error, createdGuid: null };
    }
    const captcha = input.recaptchaResponse || null;
    let guid = input.createdGuid;
    if (!guid) {
      const body = captcha ? [...input.payload, { name: RECAPTCHA_RESPONSE_FIELD, value: captcha }] : input.payload;
      const created = await callWidget(api, createProfile, { params, body });
      if (!created.ok) return { ok: false, error: created.error, createdGuid: null };
      guid = created.data.guid;
      // The login of a captcha service asks for a captcha of its own; this one is used up.
      if (captcha && input.login)
        return { ok: false, error: foyerError('RECAPTCHA_VERIFICATION_FAILED'), createdGuid: guid, verifyAgain: true };
    }
    if (!input.login) return { ok: true, guid };
    const login = await callWidget(api, profileLogin, {
      params,
      body: { ...input.credentials, ...(captcha ? { recaptchaResponse: captcha } : {}) },
    });
    if (!login.ok) return { ok: false, error: login.error, createdGuid: guid };
    // Stored and announced (login.success, session.refresh) exactly as the login widget does.
    await dispatch(storeLogin(login, 'password'));
    return { ok: true, guid };
  };
