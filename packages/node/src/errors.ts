/**
 * Why a token was refused. `missing`: no token on the request; `invalid`: malformed, tampered, a
 * refused algorithm or claims of the wrong shape; `unknown_key`: no published key has its `kid`
 * (a forged token, or keys rotated long ago); `jwks_unavailable`: the widgets server's key set
 * could not be fetched (the token may be fine: answer 503, not 401).
 */
export type FoyerTokenErrorCode =
  | 'missing'
  | 'invalid'
  | 'expired'
  | 'not_yet_valid'
  | 'wrong_audience'
  | 'wrong_issuer'
  | 'unknown_key'
  | 'jwks_unavailable';

export class FoyerTokenError extends Error {
  override readonly name = 'FoyerTokenError';
  constructor(
    readonly code: FoyerTokenErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
