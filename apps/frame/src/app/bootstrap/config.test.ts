import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFrameConfig } from './config';
import { widgetNameFromPath } from './route';

afterEach(() => {
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

function inject(text: string) {
  const script = document.createElement('script');
  script.id = 'foyer-frame-config';
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

describe('readFrameConfig', () => {
  it('defaults to the widgets origin API and the demo service', () => {
    expect(readFrameConfig(document, 'http://127.0.0.1:8081')).toEqual({
      icDomain: 'http://127.0.0.1:8081/ic/api',
      defaultServiceName: 'demo',
      allowedHostOrigins: [],
    });
  });

  it('reads the injected JSON and drops invalid origin patterns', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    inject(
      '{"defaultServiceName":"news","allowedHostOrigins":["http://localhost:*","javascript:x"],"icDomain":"https://id.example.com/ic/api"}',
    );
    expect(readFrameConfig(document, 'http://w.test')).toEqual({
      icDomain: 'https://id.example.com/ic/api',
      defaultServiceName: 'news',
      allowedHostOrigins: ['http://localhost:*'],
    });
  });

  it('falls back to defaults on a broken config', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    inject('{not json');
    expect(readFrameConfig(document, 'http://w.test').defaultServiceName).toBe('demo');
    expect(error).toHaveBeenCalled();
  });
});

describe('widgetNameFromPath', () => {
  it('reads /w/<name> and /w/v1/<name>', () => {
    expect(widgetNameFromPath('/w/login')).toBe('login');
    expect(widgetNameFromPath('/w/v1/grant')).toBe('v1/grant');
    expect(widgetNameFromPath('/x/login')).toBeNull();
    expect(widgetNameFromPath('/w/../etc')).toBeNull();
  });
});
