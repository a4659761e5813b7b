// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loaderSrc, readAttributes, readSettings, toAttributes } from './settings';

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

function html(markup: string): HTMLElement {
  document.body.innerHTML = markup;
  return document.body.firstElementChild as HTMLElement;
}

describe('readAttributes', () => {
  it('camelCases data-* names and passes values as raw strings', () => {
    const element = html('<div data-foyer-widget="login" data-show-header="false" data-refresh-interval="60"></div>');
    expect(readAttributes(element)).toEqual({ showHeader: 'false', refreshInterval: '60' });
  });

  it('leaves out the placement attributes widget, foyerWidget and target', () => {
    const element = html('<script data-widget="login" data-target="#x" data-service-name="news"></script>');
    expect(readAttributes(element)).toEqual({ serviceName: 'news' });
  });

  it('ignores attributes that are not data-*', () => {
    expect(readAttributes(html('<div id="a" class="b" title="c" data-x-y-z=""></div>'))).toEqual({ xYZ: '' });
  });
});

describe('toAttributes', () => {
  it('stringifies primitives and drops the rest with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(toAttributes({ a: 'x', b: 2, c: false, d: { e: 1 }, f: () => 1, g: null })).toEqual({
      a: 'x',
      b: '2',
      c: 'false',
    });
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('gives no attributes for a non-object', () => {
    expect(toAttributes(undefined)).toEqual({});
    expect(toAttributes('showHeader=false')).toEqual({});
    expect(toAttributes(['a'])).toEqual({});
  });
});

describe('readSettings', () => {
  it('reads window.FoyerSettings', () => {
    expect(readSettings(document, { serviceName: 'news', version: 1 })).toEqual({ serviceName: 'news', version: 1 });
  });

  it('reads the JSON block and lets the global override it', () => {
    html('<script type="application/json" data-foyer-settings>{"serviceName":"a","realmName":"r"}</script>');
    expect(readSettings(document, undefined)).toEqual({ serviceName: 'a', realmName: 'r' });
    expect(readSettings(document, { serviceName: 'b' })).toEqual({ serviceName: 'b', realmName: 'r' });
  });

  it('reports bad JSON and falls back to defaults', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    html('<script type="application/json" data-foyer-settings>{serviceName: oops</script>');
    expect(readSettings(document, undefined)).toEqual({});
    expect(error).toHaveBeenCalledWith(expect.stringContaining('data-foyer-settings'));
  });

  it('reports JSON that is not an object', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    html('<script type="application/json" data-foyer-settings>[1,2]</script>');
    expect(readSettings(document, undefined)).toEqual({});
    expect(error).toHaveBeenCalledOnce();
  });

  it('reports a global that is not an object, and one that cannot cross postMessage as JSON', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readSettings(document, 'news')).toEqual({});
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(readSettings(document, cyclic)).toEqual({});
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('drops functions from the global: settings cross postMessage', () => {
    expect(readSettings(document, { serviceName: 'x', onLogin: () => 1 })).toEqual({ serviceName: 'x' });
  });

  it('needs no settings at all', () => {
    expect(readSettings(document, undefined)).toEqual({});
  });
});

describe('loaderSrc', () => {
  it('falls back to the script whose src names loader.js', () => {
    html(
      '<script src="https://cdn.example.com/other.js"></script><script src="https://w.example.com/loader.js"></script>',
    );
    expect(loaderSrc(document)).toBe('https://w.example.com/loader.js');
  });

  it('is empty when no loader script is found', () => {
    expect(loaderSrc(document)).toBe('');
  });
});
