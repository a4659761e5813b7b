/**
 * Applies the host page's `appearance` to this frame: the base theme as `data-theme` on the root
 * element, each checked variable as a CSS custom property set with `style.setProperty` (never by
 * building CSS text). The page's appearance (settings, `Foyer.setAppearance`) and the widget's own
 * `data-appearance` are kept apart, so a page-level change keeps the widget's overrides.
 */
import {
  appearanceProperty,
  mergeAppearance,
  parseAppearance,
  type Appearance,
  type AppearanceVariable,
} from '@foyer/protocol';

export interface AppearanceControl {
  /** The page's appearance (settings.appearance or Foyer.setAppearance), unchecked. */
  setPage(value: unknown): void;
  /** The widget's `data-appearance` JSON text, unchecked. */
  setWidget(value: unknown): void;
  stop(): void;
}

function checked(value: unknown, where: string): Appearance {
  const { appearance, ignored } = parseAppearance(value);
  if (ignored.length) console.warn(`Foyer: ignored ${where} appearance values: ${ignored.join(', ')}`);
  return appearance;
}

export function controlAppearance(win: Window): AppearanceControl {
  const root = win.document.documentElement;
  const dark = win.matchMedia?.('(prefers-color-scheme: dark)');
  let page: Appearance = { variables: {} };
  let widget: Appearance = { variables: {} };
  let applied: string[] = [];

  const apply = () => {
    const { theme = 'light', variables } = mergeAppearance(page, widget);
    root.dataset.theme = theme === 'auto' ? (dark?.matches ? 'dark' : 'light') : theme;
    for (const property of applied) root.style.removeProperty(property);
    applied = Object.entries(variables).map(([name, value]) => {
      const property = appearanceProperty(name as AppearanceVariable);
      root.style.setProperty(property, value);
      return property;
    });
  };
  // `auto` follows the visitor's setting live, not only when the frame loads.
  dark?.addEventListener?.('change', apply);
  apply();

  return {
    setPage(value) {
      page = checked(value, 'page');
      apply();
    },
    setWidget(value) {
      widget = checked(value, 'data-appearance');
      apply();
    },
    stop: () => dark?.removeEventListener?.('change', apply),
  };
}
