/**
 * The focus handling every dialog inside a frame shares (WAI-ARIA dialog pattern): focus moves to
 * the dialog's first control when it opens, Tab and Shift+Tab stay inside it, Escape cancels, and
 * focus returns to where it was when it closes.
 */
import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** Returns the dialog's keydown handler; `onEscape` is read at the time of the key press. */
export function useDialogFocus(dialog: RefObject<HTMLElement | null>, onEscape: () => void) {
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      // The opener may have gone (a row removed): then focus stays where the page put it.
      if (previous?.isConnected) previous.focus();
    };
    // A ref object is stable, so this runs once per opening.
  }, [dialog]);

  return function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
}
