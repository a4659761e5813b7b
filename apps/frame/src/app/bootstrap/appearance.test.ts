import { afterEach, describe, expect, it, vi } from 'vitest';
import { controlAppearance } from './appearance';

const root = document.documentElement;

afterEach(() => {
  root.removeAttribute('style');
  delete root.dataset.theme;
  vi.restoreAllMocks();
});

describe('controlAppearance', () => {
  it('sets the valid variables as custom properties on the root and the theme as data-theme', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const look = controlAppearance(window);
    expect(root.dataset.theme).toBe('light');
    look.setPage({
      theme: 'dark',
      variables: { colorPrimary: '#7a00cc', fontFamily: 'x; color: red', spacingUnit: '5px' },
    });
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--foyer-color-primary')).toBe('#7a00cc');
    expect(root.style.getPropertyValue('--foyer-spacing-unit')).toBe('5px');
    expect(root.style.getPropertyValue('--foyer-font-family')).toBe('');
    expect(warn).toHaveBeenCalledWith('Foyer: ignored page appearance values: variables.fontFamily');
  });

  it("keeps the widget's data-appearance over a later page change, and drops variables no longer set", () => {
    const look = controlAppearance(window);
    look.setWidget('{"variables":{"borderRadius":"12px"}}');
    look.setPage({ variables: { borderRadius: '2px', colorText: '#111' } });
    expect(root.style.getPropertyValue('--foyer-border-radius')).toBe('12px');
    look.setPage({ variables: {} });
    expect(root.style.getPropertyValue('--foyer-color-text')).toBe('');
    expect(root.style.getPropertyValue('--foyer-border-radius')).toBe('12px');
  });

  it('auto follows prefers-color-scheme, also when it changes', () => {
    let listener: () => void = () => {};
    const query = {
      matches: true,
      addEventListener: (_: string, fn: () => void) => (listener = fn),
      removeEventListener() {},
    };
    const look = controlAppearance({ document, matchMedia: () => query } as unknown as Window);
    look.setPage({ theme: 'auto' });
    expect(root.dataset.theme).toBe('dark');
    query.matches = false;
    listener();
    expect(root.dataset.theme).toBe('light');
  });
});
