/**
 * The modal wrapper of the identity spec (§2, §9): any widget in a dialog, sizes sm/md/lg
 * (default md), Esc (`keyboard`, default true), backdrop click (`backdrop`, default true;
 * 'static' or false keep it open), a close cross (`closeButton`, default true), z-index 1040/1050, focus kept inside while open
 * and returned after. It closes on the widget's success/cancelled events (see `emit`).
 * When the visitor dismisses it (Esc, backdrop, the cross, `Foyer.close()`, the widget closing
 * itself) it emits `modal.dismissed {widget}` like a frame's event, so a checkout waiting on the
 * step it opened can stop; not when a success/cancelled event closed it or another open replaced it.
 */
import { BASE_THEME_COLOURS, SOCIAL_MODAL_KEY, widgetTitle, type WidgetName } from '@foyer/protocol/light';
import type { emit, Frame, modal, mount, refocus, removeFrame } from './frames';
import { isObject, type Attributes } from './settings';

/** What the modal needs from the loader core; handed over because modal.js is a separate bundle. */
export interface ModalDeps {
  modal: typeof modal;
  mount: typeof mount;
  removeFrame: typeof removeFrame;
  emit: typeof emit;
  refocus: typeof refocus;
  /** The page's `appearance` setting, unchecked (see `theme`). */
  appearance?: unknown;
}

export type OpenModal = typeof openModal;

/**
 * The dialog box follows the page's appearance (theme and background) so the widget's frame does
 * not sit in a white box on a dark page. Only `style` properties are set: the browser drops any
 * value that is not a colour, so nothing the page sent is injected.
 */
function theme(box: HTMLElement, appearance: unknown): void {
  const { theme, variables } = isObject(appearance) ? appearance : {};
  const dark = theme === 'dark' || (theme === 'auto' && window.matchMedia?.('(prefers-color-scheme:dark)').matches);
  const base = BASE_THEME_COLOURS[dark ? 'dark' : 'light'];
  box.style.backgroundColor = base.background;
  box.style.color = base.text;
  if (isObject(variables)) {
    // An invalid colour is dropped by the browser: the base theme's stays.
    box.style.backgroundColor = String(variables.colorBackground || base.background);
    box.style.color = String(variables.colorText || base.text);
  }
}

const WIDTHS: Record<string, number> = { sm: 300, md: 500, lg: 800 };

function element<K extends keyof HTMLElementTagNameMap>(tag: K, css: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.style.cssText = css;
  return node;
}

/**
 * The open modal's widget and attributes, in the page's own session storage while it is open: a
 * social sign-in by full redirect that starts in it leaves the page with it open, and the loader
 * opens it again when the visitor comes back (social-return.ts). Closing it forgets it.
 */
function keep(shown?: [unknown, Attributes]): void {
  try {
    if (shown) sessionStorage.setItem(SOCIAL_MODAL_KEY, JSON.stringify(shown));
    else sessionStorage.removeItem(SOCIAL_MODAL_KEY);
  } catch {
    // No storage: the page's own widgets show the trip's result.
  }
}

export function openModal(deps: ModalDeps, widget: unknown, attributes: Attributes, options: unknown): void {
  const { modal, mount, removeFrame, emit, refocus } = deps;
  if (!document.body) {
    addEventListener('DOMContentLoaded', () => openModal(deps, widget, attributes, options));
    return;
  }
  // A checkout step replacing the one shown: the focus goes back, at the end, to what opened the first.
  const previous = (modal.close ? modal.opener : document.activeElement) as HTMLElement | null | undefined;
  modal.close?.(false, true);
  const { size = 'md', keyboard = true, backdrop = true, closeButton = true } = isObject(options) ? options : {};
  const width = WIDTHS[String(size)] || 500;
  const body = document.body;
  const overflow = body.style.overflow;

  const shade = element(
    'div',
    `position:fixed;inset:0;z-index:1040;background-color:rgba(0,0,0,${backdrop === false ? 0 : 0.5})`,
  );
  // Phones get the whole screen; elsewhere the box keeps a margin and scrolls on its own.
  const phone = !!window.matchMedia?.('(max-width:575.98px)').matches;
  const root = element(
    'div',
    `position:fixed;inset:0;z-index:1050;overflow:auto;display:flex;align-items:flex-start;padding:${phone ? 0 : '28px 8px'}`,
  );
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-modal', 'true');
  root.setAttribute('aria-label', widgetTitle(widget as WidgetName));
  // border-box: the sizes below are the box's own, padding included, whatever the host page's
  // stylesheet says — with content-box the padding made the dialog 60 px taller than the screen's
  // room, so the last control (Continue, Pay) sat partly below the screen's edge.
  const box = element(
    'div',
    `box-sizing:border-box;position:relative;margin:auto;width:100%;max-width:${phone ? 'none' : width + 'px'};${phone ? 'min-height:100%;max-height:100%' : 'max-height:calc(100vh - 56px);border-radius:6px'};overflow-y:auto;overscroll-behavior:contain;padding:${closeButton === false ? 16 : 44}px 16px 16px;box-shadow:0 5px 15px rgba(0,0,0,.5)`,
  );
  theme(box, deps.appearance);
  const cross = element(
    'button',
    'position:absolute;top:4px;right:4px;border:0;background-color:transparent;color:inherit;font:28px/1 sans-serif;padding:4px 8px;cursor:pointer',
  );
  cross.type = 'button';
  cross.setAttribute('aria-label', 'Close');
  cross.textContent = '×';
  // Focusable sentinels around the dialog: tabbing out of either end wraps around.
  const start = element('span', '');
  const end = element('span', '');
  start.tabIndex = end.tabIndex = 0;
  if (closeButton !== false) box.append(cross);
  root.append(start, box, end);
  // The page behind cannot take the focus (Tab, a click, a frame there): inert while open.
  const behind = [...body.children].filter((node) => !node.hasAttribute('inert'));
  for (const node of behind) node.setAttribute('inert', '');
  body.append(shade, root);
  body.style.overflow = 'hidden';
  const frame: Frame | undefined = mount(box, widget, attributes, true);
  keep([widget, attributes]);

  const onFocus = (event: FocusEvent) => {
    const target = event.target as Node;
    // Without the cross, the frame is the dialog's only stop.
    const first = closeButton === false && frame ? frame.iframe : cross;
    if (target === start && frame) frame.iframe.focus();
    else if (target === end || !root.contains(target)) first.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && keyboard !== false) close(true);
  };
  const close = (dismissed?: boolean, replaced?: boolean) => {
    if (modal.close !== close) return; // closed already (a late request from the frame)
    modal.close = modal.escape = modal.opener = undefined;
    keep();
    for (const node of behind) node.removeAttribute('inert');
    document.removeEventListener('focusin', onFocus, true);
    document.removeEventListener('keydown', onKey);
    if (frame) removeFrame(frame);
    shade.remove();
    root.remove();
    body.style.overflow = overflow;
    if (!replaced) {
      previous?.focus?.();
      refocus(previous);
    }
    if (dismissed === true && frame) emit({ name: 'modal.dismissed', payload: { widget: frame.widget } });
  };
  modal.close = close;
  modal.opener = previous;
  modal.escape = () => onKey(new KeyboardEvent('keydown', { key: 'Escape' }));
  root.addEventListener('click', (event) => {
    if (event.target === root && backdrop === true) close(true);
  });
  cross.addEventListener('click', () => close(true));
  document.addEventListener('focusin', onFocus, true);
  document.addEventListener('keydown', onKey);
  (frame ? frame.iframe : cross).focus();
}
