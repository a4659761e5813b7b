import { afterEach, describe, expect, it } from 'vitest';
import { IDENTITY_ERRORS } from '@foyer/api';
import { hasTranslation, registerTranslations, setLocale, t } from './index';

afterEach(() => setLocale('en'));

describe('t()', () => {
  it('fills {0} arguments', () => {
    expect(t('TOO_MANY_ATTEMPTS', [15])).toBe('Too many attempts. Please wait 15 minutes before you try again.');
    expect(t('field.tooLong', ['Email', 255])).toBe('Email must be at most 255 characters.');
  });

  it('takes error texts from the catalogue, not from a copy', () => {
    expect(t('IDENTIFIERS_INVALID')).toBe(IDENTITY_ERRORS.IDENTIFIERS_INVALID.text);
    expect(t('user_profile_inactive')).toBe(IDENTITY_ERRORS.user_profile_inactive.text);
  });

  it('falls back to English for codes a locale lacks, and to the code itself', () => {
    registerTranslations('fr', { 'login.submit': 'Se connecter' });
    setLocale('fr-CA');
    expect(t('login.submit')).toBe('Se connecter');
    expect(t('login.rememberMe')).toBe('Remember me');
    expect(t('no.such.code')).toBe('no.such.code');
    expect(hasTranslation('no.such.code')).toBe(false);
    setLocale('de');
    expect(t('login.submit')).toBe('Log in');
  });
});
