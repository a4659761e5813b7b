/**
 * Sign-in by e-mail code (issue 31), shared by the login and registration widgets; loaded only
 * when the service offers it and a visitor asks (or arrives with the mail's link).
 */
export { EmailCodeFlow, type EmailCodeFlowProps } from './EmailCodeFlow';
export { EmailCodeLink } from './EmailCodeLink';
