/** Reading what the host page configured: page settings, element attributes, the widgets origin. */

export type Attributes = Record<string, string>;
export type Settings = Record<string, unknown>;

/**
 * data-* names that say where a widget goes and how much room to keep for it, not how it
 * behaves; never passed to the frame.
 */
const PLACEMENT = ['widget', 'foyerWidget', 'target', 'height'];

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The element's data-* attributes, camelCased by the DOM (`data-show-header` → `showHeader`),
 * as raw strings: the frame parses them with the widget's schema.
 */
export function readAttributes(element: HTMLElement): Attributes {
  const attributes: Attributes = {};
  for (const [name, value] of Object.entries(element.dataset)) {
    if (!PLACEMENT.includes(name) && value !== undefined) attributes[name] = value;
  }
  return attributes;
}

/** Attributes handed to `Foyer.mount/open` by page code: primitives become strings, the rest is dropped. */
export function toAttributes(value: unknown): Attributes {
  const attributes: Attributes = {};
  if (isObject(value)) {
    for (const [name, item] of Object.entries(value)) {
      if (/^(string|number|boolean)$/.test(typeof item)) attributes[name] = String(item);
      else console.warn('Foyer: ignored attribute', name);
    }
  }
  return attributes;
}

/**
 * Page settings: the `<script type="application/json" data-foyer-settings>` block, overridden by
 * `window.FoyerSettings`. Anything unreadable is reported and left out, so the widgets fall back
 * to their defaults instead of the page breaking. The result is JSON-clean (it crosses postMessage).
 */
export function readSettings(doc: Document, global: unknown): Settings {
  let settings: Settings = {};
  const block = doc.querySelector('script[type="application/json"][data-foyer-settings]');
  try {
    if (block) {
      const parsed: unknown = JSON.parse(block.textContent || '');
      if (!isObject(parsed)) throw 0;
      settings = parsed;
    }
  } catch {
    console.error('Foyer: the data-foyer-settings block is not a JSON object; it is ignored');
  }
  if (isObject(global)) {
    try {
      settings = { ...settings, ...(JSON.parse(JSON.stringify(global)) as Settings) };
    } catch {
      console.error('Foyer: window.FoyerSettings cannot be copied as JSON; it is ignored');
    }
  } else if (global !== undefined) console.error('Foyer: window.FoyerSettings is not an object; it is ignored');
  return settings;
}

/** The loader's own script URL: widgets are served from the same origin. */
export function loaderSrc(doc: Document): string {
  const script = (doc.currentScript || doc.querySelector('script[src*="loader.js"]')) as HTMLScriptElement | null;
  return script?.src || '';
}
