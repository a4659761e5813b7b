/**
 * `appearance`: how the host page themes the widgets (page setting, `data-appearance` attribute,
 * `Foyer.setAppearance`). The loader only forwards it as JSON; the frame checks every value here
 * and applies the valid ones as CSS custom properties on its root. A value that is not a real CSS
 * colour, length or font list is ignored with a warning: nothing the page sends is ever written
 * into a style sheet or a `style` string.
 */
import * as z from 'zod/mini';

export const APPEARANCE_THEMES = ['light', 'dark', 'auto'] as const;
export type AppearanceTheme = (typeof APPEARANCE_THEMES)[number];

/** CSS-wide keywords and colours that would make a token follow something else than its theme. */
const NOT_A_COLOUR = /^(inherit|initial|unset|revert|revert-layer|currentcolor|transparent|none)$/i;
const NUMBER = String.raw`[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?`;
/** `rgb(1 2 3 / 50%)`, `rgba(1, 2, 3, .5)`, `hsl(210deg 50% 40%)`: numbers, units and separators only. */
const COLOUR_FUNCTION = new RegExp(
  String.raw`^(rgba?|hsla?)\(\s*${NUMBER}(deg|turn|rad|%)?(\s*[,/\s]\s*${NUMBER}%?){2,3}\s*\)$`,
  'i',
);
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** A named colour is a single word; in a browser the platform confirms it is one it knows. */
const NAMED = /^[a-z]{3,20}$/i;

const platformKnows = (value: string) =>
  typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports('color', value);

/** A real CSS colour: hex, rgb(a), hsl(a) or a named colour. */
export const cssColor = z.string().check(
  z.maxLength(60),
  z.refine(
    (value) =>
      (HEX.test(value) || COLOUR_FUNCTION.test(value) || (NAMED.test(value) && !NOT_A_COLOUR.test(value))) &&
      platformKnows(value),
    'must be a CSS colour (hex, rgb(a), hsl(a) or a named colour)',
  ),
);

/** A length with its unit (`16px`, `1.125rem`, `0.5em`), or 0. */
export const cssLength = z.string().check(
  z.maxLength(20),
  z.refine((value) => /^(0|(\d{1,3}(\.\d{1,4})?|\.\d{1,4})(px|rem|em))$/.test(value), 'must be a length with a unit'),
);

/** `Georgia, 'Times New Roman', serif`: letters, digits, spaces, quotes, commas and hyphens only. */
export const cssFontFamily = z.string().check(
  z.maxLength(200),
  z.refine((value) => /^[\w ,'"-]+$/.test(value) && value.trim() !== '', 'must be a list of font names'),
);

/** The variables a page may set, each with its check; the CSS property is `--foyer-` + kebab-case name. */
export const appearanceVariableSchemas = {
  colorPrimary: cssColor,
  colorBackground: cssColor,
  colorText: cssColor,
  colorTextMuted: cssColor,
  colorBorder: cssColor,
  colorDanger: cssColor,
  colorSuccess: cssColor,
  colorWarning: cssColor,
  fontFamily: cssFontFamily,
  fontSizeBase: cssLength,
  borderRadius: cssLength,
  spacingUnit: cssLength,
} as const;

export type AppearanceVariable = keyof typeof appearanceVariableSchemas;

/** A checked appearance: only valid values are left. */
export interface Appearance {
  theme?: AppearanceTheme;
  variables: Partial<Record<AppearanceVariable, string>>;
}

/** `colorTextMuted` → `--foyer-color-text-muted`. */
export const appearanceProperty = (name: AppearanceVariable): string =>
  '--foyer-' + name.replace(/[A-Z]/g, (letter) => '-' + letter.toLowerCase());

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Keeps what is valid in `input` (an appearance object, or its JSON text from `data-appearance`);
 * `ignored` names every value left out, for the console warning.
 */
export function parseAppearance(input: unknown): { appearance: Appearance; ignored: string[] } {
  const appearance: Appearance = { variables: {} };
  const ignored: string[] = [];
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return { appearance, ignored: ['(not JSON)'] };
    }
  }
  if (value === undefined || value === null) return { appearance, ignored };
  if (!isRecord(value)) return { appearance, ignored: ['(not an object)'] };
  for (const key of Object.keys(value)) if (key !== 'theme' && key !== 'variables') ignored.push(key);
  if (value.theme !== undefined) {
    if (APPEARANCE_THEMES.includes(value.theme as AppearanceTheme)) appearance.theme = value.theme as AppearanceTheme;
    else ignored.push('theme');
  }
  if (value.variables !== undefined && !isRecord(value.variables)) ignored.push('variables');
  else if (value.variables) {
    for (const [name, item] of Object.entries(value.variables)) {
      const schema = Object.hasOwn(appearanceVariableSchemas, name)
        ? appearanceVariableSchemas[name as AppearanceVariable]
        : undefined;
      if (schema?.safeParse(item).success) appearance.variables[name as AppearanceVariable] = item as string;
      else ignored.push(`variables.${name}`);
    }
  }
  return { appearance, ignored };
}

/** The page's appearance with a widget's own `data-appearance` on top (its theme and variables win). */
export function mergeAppearance(page: Appearance, widget: Appearance): Appearance {
  return { theme: widget.theme ?? page.theme, variables: { ...page.variables, ...widget.variables } };
}
