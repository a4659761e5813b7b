/**
 * Keyboard behaviour of a frame around the loader's modal: key events inside a frame never reach
 * the host page, so the frame forwards Esc; the frame remembers its last focused control so the
 * loader can have it focused again when the modal that control opened closes.
 */

/** What a keyboard visitor can reach, in document order. */
const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, a[href], [tabindex]:not([tabindex="-1"])';

const disabled = (element: HTMLElement) =>
  (element as HTMLButtonElement).disabled === true || element.matches(':disabled');

/** The frame's first enabled control, if any. */
export function firstControl(doc: Document): HTMLElement | null {
  for (const element of doc.querySelectorAll<HTMLElement>(FOCUSABLE))
    if (!disabled(element) && element.getClientRects().length > 0) return element;
  return null;
}

/**
 * Forwards an Esc the widget did not handle itself (its own dialogs stop the event) to the host,
 * while `inModal()` says the frame is shown in the loader's modal.
 */
export function forwardEscape(win: Window, inModal: () => boolean, escape: () => void): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented && inModal()) escape();
  };
  win.addEventListener('keydown', onKey);
  return () => win.removeEventListener('keydown', onKey);
}

export interface FocusMemory {
  /** Focuses the last focused control again; waits (up to `waitMs`) while it is disabled. */
  restore(waitMs?: number): void;
  stop(): void;
}

/**
 * Remembers the control that last had focus. A checkout runner's button is disabled while its
 * checkout runs (the browser then moves focus to the body): it is focused again once enabled.
 * A control that left the document gives way to the frame's first control.
 */
export function rememberFocus(doc: Document): FocusMemory {
  let last: HTMLElement | null = null;
  let cancel = () => {};
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) last = event.target;
  };
  doc.addEventListener('focusin', onFocus);
  return {
    restore(waitMs = 3000) {
      cancel();
      const target = last?.isConnected ? last : firstControl(doc);
      if (!target) return;
      const attempt = () => {
        if (disabled(target)) return false;
        target.focus();
        return true;
      };
      if (attempt()) return;
      const observer = new MutationObserver(() => {
        if (target.isConnected && attempt()) cancel();
      });
      const timer = setTimeout(() => cancel(), waitMs);
      cancel = () => {
        observer.disconnect();
        clearTimeout(timer);
      };
      observer.observe(doc.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
    },
    stop() {
      cancel();
      doc.removeEventListener('focusin', onFocus);
    },
  };
}
