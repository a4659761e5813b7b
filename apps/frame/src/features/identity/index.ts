/**
 * The identity forms' public entry (other features import only this): the login form's fields,
 * and the forgot-password panel, loaded on demand (social sign-in's link panel offers it).
 */
export { loginFields } from './fields';

export const loadForgotPasswordPanel = () => import('./ForgotPasswordPanel');
