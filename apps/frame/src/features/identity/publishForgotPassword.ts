import type { AppThunk } from '../../app/store/thunk';

/** A site's own forgot-password handler (`forgotPasswordHandler="event"`) listens for this. */
export const publishForgotPassword = (): AppThunk => (_dispatch, _getState, extra) =>
  extra.host.publish({ name: 'login.forgotPassword', payload: {} });

/** The 'Create an account' button (`showRegister`): a checkout waiting on login opens the profile step instead. */
export const publishRegister = (): AppThunk => (_dispatch, _getState, extra) =>
  extra.host.publish({ name: 'login.register', payload: {} });
