/**
 * Lazily loaded parts of the loader. Each is a separate IIFE file next to loader.js that
 * assigns its exports to a window global, fetched once, the first time it is needed:
 * - penpal.js (penpal's connect + WindowMessenger) when the first widget frame is placed:
 *   the iframe is created first, so the widget's own download starts before penpal's;
 *   penpal's handshake lets either side start first.
 * - modal.js on the first `Foyer.open`.
 * - form.js on the first `postForm` (the version 1 checkout posting to the hosted payment page).
 * - disqus.js (the comment-system sign-on bridge) at boot, only when the page settings name a
 *   Disqus site.
 * This keeps what a page downloads before a widget is requested near the 5 KB budget (npm run bench).
 */
const loading = new Map<string, Promise<unknown>>();

/** Loads `file` from beside the loader script at `base` and resolves with `window[global]`. */
export function loadPart<T>(
  base: string,
  file: 'penpal.js' | 'modal.js' | 'form.js' | 'disqus.js',
  global: string,
): Promise<T> {
  let part = loading.get(file);
  if (!part) {
    part = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = new URL(file, base).href;
      script.onload = () => resolve((window as unknown as Record<string, unknown>)[global]);
      script.onerror = () => {
        loading.delete(file);
        reject(new Error(`Foyer: ${file} did not load`));
      };
      document.head.append(script);
    });
    loading.set(file, part);
  }
  return part as Promise<T>;
}
