// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit, env, frames, hostMethods, modal, mount, removeFrame } from './frames';
import { openModal } from './modal';

const deps = { modal, mount, removeFrame };
const open = (widget = 'login', options?: unknown) => openModal(deps, widget, { a: 'b' }, options);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const key = (name: string) => document.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));

beforeEach(() => {
  env.origin = 'https://w.example.com';
  env.src = 'https://w.example.com/loader.js';
  document.body.innerHTML = '<button id="opener">Log in</button><a id="outside" href="#x">x</a>';
  document.getElementById('opener')!.focus();
});

afterEach(() => {
  modal.close?.();
  vi.restoreAllMocks();
});

describe('modal wrapper', () => {
  it('is an accessible dialog above a backdrop, holding the widget frame in modal mode', () => {
    open();
    const root = dialog()!;
    expect(root.getAttribute('aria-modal')).toBe('true');
    expect(root.getAttribute('aria-label')).toBe('Foyer login widget');
    expect(root.style.zIndex).toBe('1050');
    expect((root.previousElementSibling as HTMLElement).style.zIndex).toBe('1040');
    expect(root.querySelector('button[aria-label="Close"]')).not.toBeNull();
    expect(frames).toHaveLength(1);
    expect(frames[0]!.inModal).toBe(true);
    expect(root.contains(frames[0]!.iframe)).toBe(true);
  });

  it.each([
    ['sm', '300px'],
    ['md', '500px'],
    ['lg', '800px'],
    [undefined, '500px'],
    ['huge', '500px'],
  ])('size %s is %s wide at most', (size, width) => {
    open('login', { size });
    expect(frames[0]!.iframe.parentElement!.style.maxWidth).toBe(width);
  });

  it('moves focus into the dialog, and returns it after close', () => {
    open();
    expect(dialog()!.contains(document.activeElement)).toBe(true);
    modal.close!();
    expect(dialog()).toBeNull();
    expect(document.activeElement!.id).toBe('opener');
  });

  it('keeps focus inside while open', () => {
    open();
    const cross = dialog()!.querySelector('button')!;
    document.getElementById('outside')!.focus();
    expect(document.activeElement).toBe(cross);
    (dialog()!.lastElementChild as HTMLElement).focus(); // tabbed past the frame
    expect(document.activeElement).toBe(cross);
  });

  it('closes on Esc, the close cross and a backdrop click, and disconnects its frame', () => {
    open();
    key('Enter');
    expect(dialog()).not.toBeNull();
    key('Escape');
    expect(dialog()).toBeNull();
    expect(frames).toHaveLength(0);
    open();
    dialog()!.querySelector('button')!.click();
    expect(dialog()).toBeNull();
    open();
    dialog()!.click();
    expect(dialog()).toBeNull();
  });

  it('a click inside the dialog box does not close it', () => {
    open();
    (frames[0]!.iframe.parentElement as HTMLElement).click();
    expect(dialog()).not.toBeNull();
  });

  it("keyboard: false ignores Esc; backdrop 'static' and false ignore backdrop clicks", () => {
    open('login', { keyboard: false });
    key('Escape');
    modal.escape!();
    hostMethods(frames[0]!, {}).escape();
    expect(dialog()).not.toBeNull();
    open('login', { backdrop: 'static' });
    dialog()!.click();
    expect(dialog()).not.toBeNull();
    open('login', { backdrop: false });
    dialog()!.click();
    expect(dialog()).not.toBeNull();
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
  });

  it('closes when the frame asks: close() or a forwarded Escape, once its call has returned', async () => {
    open();
    const methods = hostMethods(frames[0]!, {});
    methods.escape();
    expect(dialog()).not.toBeNull();
    await tick();
    expect(dialog()).toBeNull();
    open();
    hostMethods(frames[0]!, {}).close();
    await tick();
    expect(dialog()).toBeNull();
  });

  it('an inline frame cannot close the modal', async () => {
    open();
    const inline = { ...frames[0]!, inModal: false };
    hostMethods(inline, {}).close();
    hostMethods(inline, {}).escape();
    emit({ name: 'login.success', payload: {} }, inline);
    await tick();
    expect(dialog()).not.toBeNull();
  });

  it("closes on its widget's success or cancelled events, but not forgot-password ones", async () => {
    open();
    const inModal = frames[0]!;
    emit({ name: 'forgotPassword.success', payload: {} }, inModal);
    emit({ name: 'forgotPassword.cancelled', payload: {} }, inModal);
    emit({ name: 'login.failed', payload: {} }, inModal);
    await tick();
    expect(dialog()).not.toBeNull();
    emit({ name: 'registration.cancelled', payload: {} }, inModal);
    await tick();
    expect(dialog()).toBeNull();
  });

  it('a late close request from a closed modal leaves the next one open', async () => {
    open();
    hostMethods(frames[0]!, {}).close();
    modal.close!();
    open('profile');
    await tick();
    expect(dialog()!.getAttribute('aria-label')).toBe('Foyer profile widget');
  });

  it('shows an inline error in the dialog for an unknown widget', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open('nope');
    expect(dialog()!.querySelector('[role="alert"]')!.textContent).toContain('unknown widget');
    key('Escape');
    expect(dialog()).toBeNull();
  });

  it('locks the page scroll while open', () => {
    document.body.style.overflow = 'scroll';
    open();
    expect(document.body.style.overflow).toBe('hidden');
    modal.close!();
    expect(document.body.style.overflow).toBe('scroll');
  });
});
