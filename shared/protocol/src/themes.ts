/**
 * The base themes' page colours, defined once: the frame's tokens `--foyer-color-background` and
 * `--foyer-color-text` (apps/frame/src/app/styles.css, held to these by styles.test.ts) and the
 * loader's modal box around a frame (apps/loader/src/modal.ts), so the box and the widget in it
 * never differ. Dependency-free, for the loader.
 */
export const BASE_THEME_COLOURS = {
  light: { background: '#fff', text: '#1f2328' },
  dark: { background: '#15191f', text: '#e6edf3' },
} as const;
