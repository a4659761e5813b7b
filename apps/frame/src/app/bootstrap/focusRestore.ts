/**
 * Finding the remembered control again (focus.ts), loaded when the loader first asks a frame to
 * restore its focus (a modal that frame opened closed).
 */
import { signatureOf, type Remembered } from './focus';

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
 * Focuses the remembered control, now or once it is back and enabled (within `waitMs`), else the
 * first control. Returns what cancels the wait.
 */
export function restoreFocus(doc: Document, remembered: Remembered, waitMs = 3000): () => void {
  if (!remembered.last) {
    firstControl(doc)?.focus();
    return () => {};
  }
  // Read at each attempt: a control focused meanwhile is the one to come back to.
  const find = () =>
    remembered.last?.isConnected
      ? remembered.last
      : ([...doc.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
          (element) => signatureOf(element) === remembered.signature,
        ) ?? null);
  const attempt = () => {
    const target = find();
    if (!target || disabled(target)) return false;
    target.focus();
    return true;
  };
  if (attempt()) return () => {};
  const observer = new MutationObserver(() => {
    if (attempt()) cancel();
  });
  const timer = setTimeout(() => {
    cancel();
    if (!find()) firstControl(doc)?.focus();
  }, waitMs);
  const cancel = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  return cancel;
}
