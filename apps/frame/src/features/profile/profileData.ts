/**
 * Edit profile's data (identity spec §4, §7): the profile template of the service (GET
 * /ui/template/profile/:service — the fields) and the user's profile (the values). The profile is
 * the profile slice's cached copy unless it is empty, a reload is forced (disableCache, after an
 * update) or it is dirty (an update was sent and not yet reloaded).
 */
import { foyerError, type FoyerError, type Template, type UserProfile } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { callIdentity } from '../../app/store/identityClient';
import { profileLoaded } from '../../app/store/profileSlice';
import { createRequest } from '../../app/store/requests';
import { selectServiceName } from '../../app/store/selectors';
import type { FrameServices } from '../../app/store/services';
import type { AppThunk } from '../../app/store/thunk';
import { liveSecureSession } from '../../app/store/secureSession';

/** The locally kept isDirty flag (spec §3), by frame: the guid whose cached profile is stale. */
const dirty = new WeakMap<FrameServices, string>();

export const markProfileDirty =
  (guid: string): AppThunk =>
  (_dispatch, _getState, extra) => {
    dirty.set(extra, guid);
  };

export type ProfileResult = { ok: true; profile: UserProfile } | { ok: false; error: FoyerError };

export const fetchProfile =
  (force: boolean): AppThunk<Promise<ProfileResult>> =>
  async (dispatch, getState, extra) => {
    const state = getState();
    const guid = state.session.guid;
    if (!state.session.loggedIn || !guid) return { ok: false, error: foyerError('USER_NOT_LOGGED_IN') };
    const cached = state.profile.data;
    const usable = cached && cached.guid === guid && cached.attributes.length > 0 && dirty.get(extra) !== guid;
    if (usable && !force) return { ok: true, profile: cached };
    const result = await callIdentity({ getState, dispatch, extra }, identityApi.getUserProfile, {
      params: { id: guid },
      query: { serviceName: selectServiceName(state) },
    });
    if (!result.ok) return result;
    if (dirty.get(extra) === guid) dirty.delete(extra);
    dispatch(profileLoaded(result.data));
    return { ok: true, profile: result.data };
  };

export interface EditProfileData {
  serviceName: string;
  template: Template;
  profile: UserProfile;
}

export const loadEditProfile = createAppAsyncThunk<EditProfileData, { force: boolean }>(
  'editProfile/load',
  async (options, api) => {
    const { getState, dispatch, extra, signal, rejectWithValue } = api;
    const state = getState();
    if (!state.session.loggedIn) return rejectWithValue(foyerError('USER_NOT_LOGGED_IN'));
    if (state.frame.settings.secureMode && !liveSecureSession(state.session, extra.storage)) {
      return rejectWithValue(foyerError('secure_session_expired'));
    }
    const serviceName = selectServiceName(state);
    const [template, profile] = await Promise.all([
      callIdentity(api, identityApi.getProfileTemplate, { params: { service: serviceName }, signal }),
      dispatch(fetchProfile(options.force)),
    ]);
    if (!template.ok) return rejectWithValue(template.error);
    if (!profile.ok) return rejectWithValue(profile.error);
    return { serviceName, template: template.data, profile: profile.profile };
  },
);

export const editProfileRequest = createRequest<EditProfileData, { force: boolean }>('editProfile', loadEditProfile);
