/** The session's public entry (other features import only this): refreshing a session across sites. */
export { ssoRefresh } from './ssoRefresh';
