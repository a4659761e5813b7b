import type { RootState } from './index';

/**
 * serviceName: the widget's attribute, else the host page's `serviceName` query parameter
 * (identity spec §2: mailed activation and reset links carry it), else the page settings, else
 * the frame config's default.
 */
export function selectServiceName(state: RootState): string {
  const attribute = state.frame.attributes.serviceName;
  if (typeof attribute === 'string' && attribute) return attribute;
  return state.frame.query.serviceName || state.frame.settings.serviceName || state.frame.config.defaultServiceName;
}

/** The identity API base URL: the page settings' icDomain, else the widgets server's own. */
export function selectIcDomain(state: RootState): string {
  return state.frame.settings.icDomain ?? state.frame.config.icDomain;
}

/**
 * The calling application's name (page setting `icAppName`, default 'ev-widgets'): every identity
 * call names it in APP_NAME_HEADER (identityClient.ts).
 */
export function selectIcAppName(state: RootState): string {
  return state.frame.settings.icAppName;
}

/**
 * The permissions social sign-in asks a network for (page setting `socialScope`, identity spec §9:
 * default 'email'), asked by the social buttons with each sign-in, link or confirmation.
 */
export function selectSocialScope(state: RootState): string {
  return state.frame.settings.socialScope;
}
