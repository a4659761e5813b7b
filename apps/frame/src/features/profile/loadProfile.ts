import { loadProfile } from '../../app/store/loadProfile';
import type { AppThunk } from '../../app/store/thunk';
import { ssoRefresh } from '../session';

/**
 * SSO refresh first (identity spec §4: a session shared by another site is adopted, a sign-out
 * there signs out here), then the profile of whatever session that leaves.
 */
export const refreshAndLoadProfile = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  await dispatch(ssoRefresh());
  await dispatch(loadProfile(getState().session.guid));
};
