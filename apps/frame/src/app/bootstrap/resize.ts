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
 * (every state, route and step change ends in one), image and font loads, and a few settle reads
 * after each trigger for what reflows later (CSS transitions, late styles). ResizeObserver stays
 * for what it alone sees when it runs (a width change reflowing the text):
 * its callbacks run before paint, so a visible frame gets its height in the frame it changed.
 *
 * A frame grows at once (its content would be cut off) but shrinks only once its content has
 * stayed smaller for SHRINK_AFTER_MS (issue 29): a form that shows a spinner for a moment, or a
 * panel swapped for another, does not pull the page up and push it down again under the pointer.
 */
export interface HeightReporter {
  /** Sends the current height even if unchanged (after a (re)connect). */
  flush(): void;
  disconnect(): void;
}

/** Reads after a trigger (ms): transitions and late layout settle within these. */
const SETTLE_MS = [50, 250, 1000] as const;

/** How long the content must have stayed smaller before the frame shrinks. */
export const SHRINK_AFTER_MS = 300;

/**
 * True while the element shows nothing yet, or still loads its first content (a widget often
 * shows its heading over a loading status first): the host keeps the space it reserved for the
 * widget until the widget's first real content, instead of shrinking to a spinner and growing
 * again (two layout shifts of the host page instead of none).
 */
export function awaitingContent(element: HTMLElement): boolean {
  return !element.firstElementChild || !!element.querySelector('.loading');
}

/** The longest the first loading state holds the reserved height back (a widget stuck loading). */
export const FIRST_CONTENT_WAIT_MS = 5000;

export function observeHeight(element: HTMLElement, send: (height: number) => void): HeightReporter {
  let last = -1;
  let contentShown = false;
  // Set by disconnect: pending reads and late events then do nothing (the frame is going away,
  // its listeners with it).
  let stopped = false;
  /** Since when the content has been smaller than the height sent (null: it is not). */
  let smallerSince: number | null = null;
  const measure = () => {
    if (stopped || !(contentShown ||= !awaitingContent(element))) return;
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height >= last || last < 0) {
      smallerSince = null;
      if (height !== last) send((last = height));
      return;
    }
    const now = Date.now();
    smallerSince ??= now;
    const wait = smallerSince + SHRINK_AFTER_MS - now;
    if (wait > 0) {
      // Read again once it may shrink; a grow meanwhile resets smallerSince, and that read then
      // finds nothing to do.
      setTimeout(measure, wait);
      return;
    }
    smallerSince = null;
    send((last = height));
  };
  // After disconnect these reads find `stopped`: no timer needs clearing.
  setTimeout(() => {
    contentShown = true;
    measure();
  }, FIRST_CONTENT_WAIT_MS);
  // A read now and a few later; reads of an unchanged layout are cheap, so they are not coalesced.
  const changed = () => {
    measure();
    for (const delay of SETTLE_MS) setTimeout(measure, delay);
  };

  const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
  resizeObserver?.observe(element);
  const mutationObserver = new MutationObserver(changed);
  mutationObserver.observe(element, { childList: true, subtree: true, attributes: true, characterData: true });
  // `load` of images and other media does not bubble: caught on the way down.
  element.addEventListener('load', changed, true);
  document.fonts?.addEventListener('loadingdone', changed);

  return {
    flush: () => {
      last = -1;
      smallerSince = null;
      measure();
    },
    disconnect: () => {
      stopped = true;
      resizeObserver?.disconnect();
      mutationObserver.disconnect();
    },
  };
}

/**
 * Tells the loader when the visitor presses a pointer in the frame and lets it go (capture, so a
 * widget's handler cannot hide it): while a press is held nothing on the page moves (the loader's
 * layout hold), so a click ends where it began. Answers the cleanup.
 */
export function forwardPresses(win: Window, press: (down: boolean) => void): () => void {
  const down = () => press(true);
  const up = () => press(false);
  win.addEventListener('pointerdown', down, true);
  win.addEventListener('pointerup', up, true);
  win.addEventListener('pointercancel', up, true);
  return () => {
    win.removeEventListener('pointerdown', down, true);
    win.removeEventListener('pointerup', up, true);
    win.removeEventListener('pointercancel', up, true);
  };
}
