/**
 * Keyboard behaviour of a frame around the loader's modal: key events inside a frame never reach
 * the host page, so the frame forwards Esc; the frame remembers its last focused control so the
 * loader can have it focused again when the modal that control opened closes. Remembering is a
 * listener; finding the control again (focusRestore.ts) loads only when the loader asks for it,
 * so a frame that never opens a modal never downloads it.
 */

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

/** The control that last had focus, and what names it across re-renders (signatureOf). */
export interface Remembered {
  last: HTMLElement | null;
  signature: string;
}

/** What names a control across re-renders: its tag with its id, name or caption (never a value). */
export const signatureOf = (element: Element) =>
  `${element.tagName}:${element.id || element.getAttribute('name') || element.textContent?.trim() || ''}`;

/**
 * Remembers the control that last had focus. A checkout runner's button is disabled while its
 * checkout runs (the browser then moves focus to the body) and may be rendered afresh meanwhile
 * (the plans reload after a login): the same control, found again by its signature, is focused
 * once enabled. When none turns up, the frame's first control is.
 */
export function rememberFocus(doc: Document): FocusMemory {
  const remembered: Remembered = { last: null, signature: '' };
  let stopped = false;
  let cancel = () => {};
  const onFocus = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLElement)) return;
    remembered.last = event.target;
    remembered.signature = signatureOf(event.target);
  };
  doc.addEventListener('focusin', onFocus);
  return {
    restore(waitMs) {
      import('./focusRestore').then(
        ({ restoreFocus }) => {
          cancel();
          if (!stopped) cancel = restoreFocus(doc, remembered, waitMs);
        },
        () => {},
      );
    },
    stop() {
      stopped = true;
      cancel();
      doc.removeEventListener('focusin', onFocus);
    },
  };
}
