/** The one way a throttled request is refused: 429 TOO_MANY_ATTEMPTS with the wait in minutes and Retry-After. */
import { ApiError } from '../http/errors';

export function tooManyAttempts(waitMs: number): ApiError {
  return new ApiError('TOO_MANY_ATTEMPTS', [String(Math.ceil(waitMs / 60_000))], {
    'retry-after': String(Math.ceil(waitMs / 1000)),
  });
}
