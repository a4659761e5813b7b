import { describe, expect, it } from 'vitest';
import { splitStandaloneQuery } from './context';

describe('splitStandaloneQuery', () => {
  it('keeps the page parameters out of the attributes; serviceName is both', () => {
    expect(splitStandaloneQuery('?resetAttributeKey=k1&serviceName=demo&showHeader=false')).toEqual({
      attributes: { serviceName: 'demo', showHeader: 'false' },
      query: { resetAttributeKey: 'k1', serviceName: 'demo' },
      settings: {},
    });
    expect(splitStandaloneQuery('?activationKey=a')).toEqual({
      attributes: {},
      query: { activationKey: 'a' },
      settings: {},
    });
  });

  it('takes locale as a page setting, not an attribute', () => {
    expect(splitStandaloneQuery('?locale=es&showHeader=false')).toEqual({
      attributes: { showHeader: 'false' },
      query: {},
      settings: { locale: 'es' },
    });
  });
});
