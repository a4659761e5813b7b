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
  /** Focuses the last focused control again; waits (up to `waitMs`) while it is disabled or away. */
  restore(waitMs?: number): void;
  stop(): void;
}

/** What names a control across re-renders: its tag with its id, name or caption (never a value). */
const signatureOf = (element: Element) =>
  `${element.tagName}:${element.id || element.getAttribute('name') || element.textContent?.trim() || ''}`;

/**
 * Remembers the control that last had focus. A checkout runner's button is disabled while its
 * checkout runs (the browser then moves focus to the body) and may be rendered afresh meanwhile
 * (the plans reload after a login): the same control, found again by its signature, is focused
 * once enabled. When none turns up, the frame's first control is.
 */
export function rememberFocus(doc: Document): FocusMemory {
  let last: HTMLElement | null = null;
  let signature = '';
  let cancel = () => {};
  const onFocus = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLElement)) return;
    last = event.target;
    signature = signatureOf(last);
  };
  doc.addEventListener('focusin', onFocus);
  const find = () =>
    last?.isConnected
      ? last
      : ([...doc.querySelectorAll<HTMLElement>(FOCUSABLE)].find((element) => signatureOf(element) === signature) ??
        null);
  return {
    restore(waitMs = 3000) {
      cancel();
      if (!last) return void firstControl(doc)?.focus();
      const attempt = () => {
        const target = find();
        if (!target || disabled(target)) return false;
        target.focus();
        return true;
      };
      if (attempt()) return;
      const observer = new MutationObserver(() => {
        if (attempt()) cancel();
      });
      const timer = setTimeout(() => {
        cancel();
        if (!find()) firstControl(doc)?.focus();
      }, waitMs);
      cancel = () => {
        observer.disconnect();
        clearTimeout(timer);
        cancel = () => {};
      };
      observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    },
    stop() {
      cancel();
      doc.removeEventListener('focusin', onFocus);
    },
  };
}
