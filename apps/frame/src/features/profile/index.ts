/**
 * The profile's public entry (other features import only this): a re-authentication with a linked
 * network (social sign-in's link management), and the props of the re-authentication form, which
 * the link widgets hand to it (loaded lazily there).
 */
export { socialReauthenticate } from './reauthenticate';
export type { ReauthenticateFormProps } from './ReauthenticateForm';
