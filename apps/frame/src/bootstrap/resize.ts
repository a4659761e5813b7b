/**
 * Reports the frame's content height to the host. It measures the content element (not the
 * viewport, which the host sizes: measuring it would loop) and sends only when the rounded height
 * changed.
 *
 * Chromium throttles rendering in off-screen cross-origin frames: no animation frames and no
 * ResizeObserver callbacks until the visitor scrolls to the frame. A frame sized only from those
 * would keep its reserved height below the fold and jump into place under the visitor's pointer.
 * So the height is measured with a layout read (getBoundingClientRect forces layout even when
 * rendering is throttled), triggered by what changes the content without rendering: DOM mutations
 * (every state, route and step change ends in one), image and font loads, the window's load, and
 * a few settle reads after each trigger for what reflows later (CSS transitions, late styles).
 * ResizeObserver stays for what it alone sees when it runs (a width change reflowing the text):
 * its callbacks run before paint, so a visible frame gets its height in the frame it changed.
 */
export interface HeightReporter {
  /** Sends the current height even if unchanged (after a (re)connect). */
  flush(): void;
  disconnect(): void;
}

/** Reads after a trigger (ms): transitions and late layout settle within these. */
const SETTLE_MS = [50, 250, 1000] as const;

/**
 * True while the element shows nothing yet, or still loads its first content (a widget often
 * shows its heading over a loading status first): the host keeps the space it reserved for the
 * widget until the widget's first real content, instead of shrinking to a spinner and growing
 * again (two layout shifts of the host page instead of none).
 */
export function awaitingContent(element: HTMLElement): boolean {
  return !element.firstElementChild || !!element.querySelector('.loading[aria-busy="true"]');
}

/** The longest the first loading state holds the reserved height back (a widget stuck loading). */
export const FIRST_CONTENT_WAIT_MS = 5000;

export function observeHeight(
  element: HTMLElement,
  send: (height: number) => void,
  win: Window = window,
): HeightReporter {
  let last = -1;
  let contentShown = false;
  const giveUp = win.setTimeout(() => {
    contentShown = true;
    measure(false);
  }, FIRST_CONTENT_WAIT_MS);
  const measure = (force: boolean) => {
    if (!contentShown) {
      if (awaitingContent(element)) return;
      contentShown = true;
      win.clearTimeout(giveUp);
    }
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (force || height !== last) {
      last = height;
      send(height);
    }
  };

  const timers = new Set<number>();
  const settle = () => {
    for (const timer of timers) win.clearTimeout(timer);
    timers.clear();
    for (const delay of SETTLE_MS) {
      const timer = win.setTimeout(() => {
        timers.delete(timer);
        measure(false);
      }, delay);
      timers.add(timer);
    }
  };
  const changed = () => {
    measure(false);
    settle();
  };

  const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(() => measure(false)) : null;
  resizeObserver?.observe(element);
  const mutationObserver = typeof MutationObserver === 'function' ? new MutationObserver(changed) : null;
  mutationObserver?.observe(element, { childList: true, subtree: true, attributes: true, characterData: true });
  // `load` of images and other media does not bubble: caught on the way down.
  element.addEventListener('load', changed, true);
  win.addEventListener('load', changed);
  win.addEventListener('resize', changed);
  const fonts = win.document.fonts as FontFaceSet | undefined;
  fonts?.addEventListener?.('loadingdone', changed);

  return {
    flush: () => measure(true),
    disconnect: () => {
      resizeObserver?.disconnect();
      mutationObserver?.disconnect();
      element.removeEventListener('load', changed, true);
      win.removeEventListener('load', changed);
      win.removeEventListener('resize', changed);
      fonts?.removeEventListener?.('loadingdone', changed);
      for (const timer of timers) win.clearTimeout(timer);
      timers.clear();
      win.clearTimeout(giveUp);
    },
  };
}
