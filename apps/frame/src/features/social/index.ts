/**
 * Social sign-in's public entry (other features import only this): the network buttons, the
 * service's social permissions and the social texts (the profile's social re-authentication).
 */
export { SocialButtons } from './SocialButtons';
export { socialPermissionsRequest } from './requests';
export { socialMessages } from './messages';
export type { SocialSignInProps } from './SocialSignIn';
