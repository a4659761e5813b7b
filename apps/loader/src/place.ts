/**
 * Placement: `<script data-widget>` tags (the widget goes right after the tag, or into the element
 * matched by `data-target`) and `[data-foyer-widget]` placeholders, also ones added later.
 */
import { mount, prune, showError } from './frames';
import { readAttributes } from './settings';

const SELECTOR = 'script[data-widget],[data-foyer-widget]';

/** Per-element marker: survives a second copy of the loader on the page, unlike a module WeakSet. */
type Marked = HTMLElement & { __foyer?: 1 };

function place(element: Marked): void {
  if (element.__foyer) return;
  element.__foyer = 1;
  const { widget, foyerWidget, target, height } = element.dataset;
  const attributes = readAttributes(element);
  if (foyerWidget !== undefined) {
    mount(element, foyerWidget, attributes);
    return;
  }
  const box = document.createElement('div');
  const go = () => {
    let host: Element | null = box;
    try {
      if (target) host = document.querySelector(target);
    } catch {
      host = null;
    }
    if (host === box) element.after(box);
    if (host) mount(host, widget, attributes, false, height);
    else {
      element.after(box);
      showError(box, `Foyer: data-target "${target}" matches no element`);
    }
  };
  // A script in <head> may name a target the parser has not reached yet.
  if (target && document.readyState === 'loading') addEventListener('DOMContentLoaded', go);
  else go();
}

/** Places every widget in `root` (and `root` itself) that is not placed yet. */
export function scan(root: Element | Document): void {
  if (root instanceof HTMLElement && root.matches(SELECTOR)) place(root);
  root.querySelectorAll<HTMLElement>(SELECTOR).forEach(place);
}

/** Follows the page: placeholders added later are placed, frames removed are disconnected. */
export function observe(): void {
  new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => node instanceof Element && scan(node));
      if (record.removedNodes.length) prune();
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
}
