/** `@foyer/node`: verify Foyer visitor tokens on the site's own server (issue 26). */
export { FoyerTokenError, type FoyerTokenErrorCode } from './errors.js';
export { verifyFoyerToken, type FoyerVisitor, type VerifyOptions } from './verify.js';
export { tokenFromHeaders } from './request.js';
export type { GuardOptions, Refusal } from './guard.js';
export { foyerExpress, type FoyerExpressMiddleware } from './express.js';
export { foyerFastify, type FoyerFastifyReply, type FoyerFastifyRequest } from './fastify.js';
