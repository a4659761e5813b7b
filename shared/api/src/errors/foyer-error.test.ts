import { describe, expect, it } from 'vitest';
import { IDENTITY_ERRORS } from './catalogue';
import { foyerError, formatMessage, isFoyerError, normalizeError, severityOfStatus } from './foyer-error';

describe('formatMessage', () => {
  it('fills {0}, {1} from args and leaves unknown placeholders alone', () => {
    expect(formatMessage('{0} and Confirm {0} do not match', ['Password'])).toBe(
      'Password and Confirm Password do not match',
    );
    expect(formatMessage('{0}-{1}-{2}', ['a', 'b'])).toBe('a-b-{2}');
  });
});

describe('foyerError', () => {
  it('takes status and English text from the catalogue', () => {
    const error = foyerError('TOO_MANY_ATTEMPTS', ['15']);
    expect(error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      args: ['15'],
      statusCode: 429,
      message: 'Too many attempts. Please wait 15 minutes before you try again.',
    });
    expect(isFoyerError(error)).toBe(true);
    expect(isFoyerError(new Error('x'))).toBe(false);
  });
});

describe('normalizeError', () => {
  it('keeps our own error body with the HTTP status', () => {
    expect(normalizeError(401, { code: 'IDENTIFIERS_INVALID', message: 'm', args: [] })).toMatchObject({
      code: 'IDENTIFIERS_INVALID',
      statusCode: 401,
    });
  });
  it('reads the legacy nested and errorCode shapes', () => {
    expect(normalizeError(409, { error: { code: 'DUPLICATE_IDENTIFIERS_FOUND' } }).code).toBe(
      'DUPLICATE_IDENTIFIERS_FOUND',
    );
    expect(normalizeError(404, { errorCode: 'SESSION_NOT_FOUND' }).code).toBe('SESSION_NOT_FOUND');
  });
  it('reads the lower-case spellings the spec also names as the catalogue codes', () => {
    expect(normalizeError(409, { code: 'duplicate_identifiers_found' })).toMatchObject({
      code: 'DUPLICATE_IDENTIFIERS_FOUND',
      message: 'Account is already associated! Please register a new account.',
    });
    expect(normalizeError(404, { errorCode: 'user_profile_identifiers_not_found' }).code).toBe(
      'USER_PROFILE_IDENTIFIERS_NOT_FOUND',
    );
  });
  it("maps a third party's access_denied to 401", () => {
    expect(normalizeError(403, { error: 'access_denied' })).toMatchObject({ code: 'access_denied', statusCode: 401 });
  });
  it('turns unreadable bodies into technical difficulties, and status 0 into a network error', () => {
    expect(normalizeError(502, 'Bad gateway')).toMatchObject({ code: 'technical_difficulties', statusCode: 502 });
    expect(normalizeError(0, undefined)).toMatchObject({ code: 'NETWORK_ERROR', statusCode: 0 });
  });
});

describe('severityOfStatus', () => {
  it('colours by status: 2xx success, 3xx warning, ≥400 danger, else info', () => {
    expect([200, 302, 400, 503, 0].map(severityOfStatus)).toEqual(['success', 'warning', 'danger', 'danger', 'info']);
  });
});

describe('the catalogue', () => {
  it('has a status and non-empty English text for every code', () => {
    for (const [code, entry] of Object.entries(IDENTITY_ERRORS)) {
      expect(entry.text.length, code).toBeGreaterThan(0);
      expect(Number.isInteger(entry.status), code).toBe(true);
    }
  });
});
