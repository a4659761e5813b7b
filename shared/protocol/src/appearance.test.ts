import { describe, expect, it } from 'vitest';
import { appearanceProperty, cssColor, cssFontFamily, cssLength, mergeAppearance, parseAppearance } from './appearance';

describe('appearance values', () => {
  it.each([
    '#0a5',
    '#0a5f',
    '#00aa55',
    '#00aa55cc',
    'rgb(0 170 85)',
    'rgba(0, 170, 85, 0.5)',
    'hsl(210deg 50% 40%)',
    'hsla(210, 50%, 40%, .8)',
    'rebeccapurple',
  ])('accepts the colour %s', (value) => expect(cssColor.safeParse(value).success).toBe(true));

  it.each([
    'red; background: url(https://evil.test/x)',
    'url(https://evil.test/x)',
    'var(--x)',
    'inherit',
    'currentColor',
    'expression(alert(1))',
    'rgb(0 0 0); color: red',
    '#12345',
    '',
    12,
  ])('refuses %s as a colour', (value) => expect(cssColor.safeParse(value).success).toBe(false));

  it('accepts lengths with a unit and refuses the rest', () => {
    for (const value of ['0', '4px', '1.125rem', '.5em']) expect(cssLength.safeParse(value).success, value).toBe(true);
    for (const value of ['4', '4 px', 'calc(1px + 2px)', '10vh', '1px;color:red', '-2px'])
      expect(cssLength.safeParse(value).success, value).toBe(false);
  });

  it('accepts font lists of safe characters only', () => {
    expect(cssFontFamily.safeParse(`Georgia, 'Times New Roman', serif`).success).toBe(true);
    for (const value of ['x; color: red', 'a{b}', 'url(x)', '\\66 oo', ' '])
      expect(cssFontFamily.safeParse(value).success, value).toBe(false);
  });
});

describe('parseAppearance', () => {
  it('keeps the valid values and names every ignored one', () => {
    const result = parseAppearance({
      theme: 'dark',
      variables: { colorPrimary: '#7a00cc', colorText: 'red}body{x', borderRadius: '12px', colour: '#fff' },
      rules: {},
    });
    expect(result.appearance).toEqual({ theme: 'dark', variables: { colorPrimary: '#7a00cc', borderRadius: '12px' } });
    expect(result.ignored.sort()).toEqual(['rules', 'variables.colorText', 'variables.colour']);
  });

  it('reads the JSON text of data-appearance and refuses a bad theme or a non-object', () => {
    expect(parseAppearance('{"theme":"auto"}').appearance).toEqual({ theme: 'auto', variables: {} });
    expect(parseAppearance('{"theme":"sepia"}')).toEqual({ appearance: { variables: {} }, ignored: ['theme'] });
    expect(parseAppearance('not json').ignored).toEqual(['(not JSON)']);
    expect(parseAppearance([1]).ignored).toEqual(['(not an object)']);
    expect(parseAppearance(undefined)).toEqual({ appearance: { variables: {} }, ignored: [] });
  });

  it("lets a widget's own appearance win over the page's", () => {
    const page = parseAppearance({ theme: 'dark', variables: { colorPrimary: '#111', borderRadius: '2px' } });
    const widget = parseAppearance({ variables: { colorPrimary: '#222' } });
    expect(mergeAppearance(page.appearance, widget.appearance)).toEqual({
      theme: 'dark',
      variables: { colorPrimary: '#222', borderRadius: '2px' },
    });
  });

  it('names the CSS custom property of each variable', () => {
    expect(appearanceProperty('colorTextMuted')).toBe('--foyer-color-text-muted');
    expect(appearanceProperty('fontSizeBase')).toBe('--foyer-font-size-base');
  });
});
