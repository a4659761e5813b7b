import { isEventEnvelope } from '@foyer/protocol/light';
// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal, emit, env, frames, handlers, hostMethods, modal, mount, refocus, removeFrame } from './frames';
import { openModal } from './modal';
import { BASE_THEME_COLOURS } from '@foyer/protocol/light';

// modal.js is a separate bundle fetched by a script tag: here the module stands in for it; penpal.js
// never arrives (no frame connects in jsdom).
vi.mock('./parts', () => ({
  loadPart: (_: string, file: string) =>
    file === 'modal.js' ? import('./modal').then((m) => m.openModal) : new Promise(() => {}),
}));

const deps = { modal, mount, removeFrame, emit, refocus };
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

  it('sizes the dialog padding included, so it never reaches past the screen', () => {
    open('login');
    const box = frames[0]!.iframe.parentElement!.style;
    expect(box.boxSizing).toBe('border-box');
    expect(box.maxHeight).toBe('calc(100vh - 56px)');
  });

  it.each([
    ['no appearance', undefined, 'light'],
    ['the light theme', { theme: 'light' }, 'light'],
    ['the dark theme', { theme: 'dark' }, 'dark'],
    ['the dark theme with an invalid colour', { theme: 'dark', variables: { colorBackground: 'url(x)' } }, 'dark'],
  ] as const)('its box has the base theme’s colours (the frame’s own) with %s', (_, appearance, theme) => {
    const colour = (hex: string) => {
      const probe = document.createElement('i');
      probe.style.color = hex;
      return probe.style.color;
    };
    openModal({ ...deps, appearance }, 'login', {}, undefined);
    const box = frames[0]!.iframe.parentElement!;
    expect(box.style.backgroundColor).toBe(colour(BASE_THEME_COLOURS[theme].background));
    expect(box.style.color).toBe(colour(BASE_THEME_COLOURS[theme].text));
  });

  it('its box takes the page’s own background and text colours', () => {
    openModal(
      { ...deps, appearance: { theme: 'dark', variables: { colorBackground: '#fdf8f3', colorText: '#2d1b10' } } },
      'login',
      {},
      undefined,
    );
    const box = frames[0]!.iframe.parentElement!;
    expect([box.style.backgroundColor, box.style.color]).toEqual(['rgb(253, 248, 243)', 'rgb(45, 27, 16)']);
  });

  it('moves focus into the dialog, and returns it after close', () => {
    open();
    expect(dialog()!.contains(document.activeElement)).toBe(true);
    modal.close!();
    expect(dialog()).toBeNull();
    expect(document.activeElement!.id).toBe('opener');
  });

  it('makes the page behind inert while open, and only what it made inert live again', () => {
    const own = document.createElement('div');
    own.setAttribute('inert', '');
    document.body.append(own);
    open();
    expect(document.getElementById('opener')!.hasAttribute('inert')).toBe(true);
    expect(dialog()!.hasAttribute('inert')).toBe(false);
    modal.close!();
    expect(document.getElementById('opener')!.hasAttribute('inert')).toBe(false);
    expect(own.hasAttribute('inert')).toBe(true);
  });

  it('a step replacing the shown one keeps the focus inside, and the first opener gets it back at the end', () => {
    open();
    open('product-profile');
    expect(dialog()!.contains(document.activeElement)).toBe(true);
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
    expect(document.getElementById('opener')!.hasAttribute('inert')).toBe(true);
    modal.close!(true);
    expect(document.activeElement!.id).toBe('opener');
  });

  it("takes the frame's title (plain text) as the dialog label and the iframe title, and its word for Close", () => {
    open();
    const methods = hostMethods(frames[0]!, {}, isEventEnvelope);
    methods.title('Iniciar sesión', 'Cerrar');
    expect(dialog()!.getAttribute('aria-label')).toBe('Iniciar sesión');
    expect(frames[0]!.iframe.title).toBe('Iniciar sesión');
    expect(dialog()!.querySelector('button')!.getAttribute('aria-label')).toBe('Cerrar');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const bad of ['', 'x'.repeat(121), 42, { toString: () => 'x' }]) methods.title(bad as string);
    expect(dialog()!.getAttribute('aria-label')).toBe('Iniciar sesión');
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it('asks the frame that opened it to focus its control again when it closes', () => {
    document.body.innerHTML = '<div id="host"></div>';
    const runner = mount(document.getElementById('host')!, 'product-selection', {})!;
    const restoreFocus = vi.fn(() => Promise.resolve());
    runner.remote = { restoreFocus } as unknown as typeof runner.remote;
    runner.iframe.focus();
    open();
    open('product-profile'); // a step change: nothing to restore yet
    expect(restoreFocus).not.toHaveBeenCalled();
    modal.close!(true);
    expect(document.activeElement).toBe(runner.iframe);
    expect(restoreFocus).toHaveBeenCalledTimes(1);
    removeFrame(runner);
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
    hostMethods(frames[0]!, {}, isEventEnvelope).escape();
    expect(dialog()).not.toBeNull();
    open('login', { backdrop: 'static' });
    dialog()!.click();
    expect(dialog()).not.toBeNull();
    open('login', { backdrop: false });
    dialog()!.click();
    expect(dialog()).not.toBeNull();
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
  });

  it('closeButton: false leaves the cross out; Esc still closes and focus stays on the frame', () => {
    open('login', { closeButton: false });
    expect(dialog()!.querySelector('button')).toBeNull();
    expect(document.activeElement).toBe(frames[0]!.iframe);
    document.body.querySelector<HTMLElement>('[role="dialog"] > span:last-child')!.focus();
    expect(document.activeElement).toBe(frames[0]!.iframe);
    key('Escape');
    expect(dialog()).toBeNull();
  });

  it('closes when the frame asks: close() or a forwarded Escape, once its call has returned', async () => {
    open();
    const methods = hostMethods(frames[0]!, {}, isEventEnvelope);
    methods.escape();
    expect(dialog()).not.toBeNull();
    await tick();
    expect(dialog()).toBeNull();
    open();
    hostMethods(frames[0]!, {}, isEventEnvelope).close();
    await tick();
    expect(dialog()).toBeNull();
  });

  it('an inline frame cannot close the modal', async () => {
    open();
    const inline = { ...frames[0]!, inModal: false };
    hostMethods(inline, {}, isEventEnvelope).close();
    hostMethods(inline, {}, isEventEnvelope).escape();
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

  it("a social sign-in's success leaves it open for the login.success the frame publishes after it", async () => {
    open();
    const inModal = frames[0]!;
    emit({ name: 'socialRegister.success', payload: { guid: 'g', network: 'x' } }, inModal);
    emit({ name: 'socialLogin.success', payload: { guid: 'g', network: 'x' } }, inModal);
    await tick();
    expect(dialog()).not.toBeNull();
    emit({ name: 'login.success', payload: { guid: 'g' } }, inModal);
    await tick();
    expect(dialog()).toBeNull();
  });

  it('a checkout step closes on its own success only: not on the login.success of an account it created', async () => {
    modal.step = true; // as HostMethods.open sets it
    open('product-profile');
    const step = frames.find((f) => f.inModal)!;
    emit({ name: 'login.success', payload: { guid: 'g' } }, step);
    await tick();
    expect(dialog()).not.toBeNull();
    emit({ name: 'productProfile.success', payload: { guid: 'g' } }, step);
    await tick();
    expect(dialog()).toBeNull();
    open('login');
    emit(
      { name: 'login.success', payload: { guid: 'g' } },
      frames.find((f) => f.inModal),
    );
    await tick();
    expect(dialog()).toBeNull();
    // Opened by the page (Foyer.open), any success/cancelled event closes it, as before.
    modal.step = false;
    open('product-profile');
    emit(
      { name: 'login.success', payload: { guid: 'g' } },
      frames.find((f) => f.inModal),
    );
    await tick();
    expect(dialog()).toBeNull();
  });

  it('a late close request from a closed modal leaves the next one open', async () => {
    open();
    hostMethods(frames[0]!, {}, isEventEnvelope).close();
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

describe('modal.dismissed', () => {
  /** Records what a page and another (inline) frame see of `modal.dismissed`. */
  function listen() {
    const seen: unknown[] = [];
    const deliver = vi.fn(
      async (event: { name: string }) => void (event.name === 'modal.dismissed' && seen.push(['frame', event])),
    );
    const inline = { widget: 'checkout-button', inModal: false, remote: { deliver }, destroy() {} };
    frames.push(inline as never);
    const handler = (payload: unknown, name: unknown) => seen.push(['on', name, payload]);
    handlers.set('modal.dismissed', new Set([handler]));
    const dom = (event: Event) => seen.push(['dom', (event as CustomEvent).detail]);
    addEventListener('foyer:modal.dismissed', dom);
    const stop = () => {
      removeFrame(inline as never);
      handlers.delete('modal.dismissed');
      removeEventListener('foyer:modal.dismissed', dom);
    };
    return { seen, stop };
  }
  const dismissed = (widget: string) => [
    ['frame', { name: 'modal.dismissed', payload: { widget } }],
    ['on', 'modal.dismissed', { widget }],
    ['dom', { widget }],
  ];

  it.each([
    ['Esc', () => key('Escape')],
    ['the close cross', () => dialog()!.querySelector('button')!.click()],
    ['a backdrop click', () => dialog()!.click()],
    ['Foyer.close()', () => closeModal()],
    [
      'the frame forwarding Esc',
      () =>
        hostMethods(
          frames.find((f) => f.inModal)!,
          {},
          isEventEnvelope,
        ).escape(),
    ],
    [
      'the frame closing itself',
      () =>
        hostMethods(
          frames.find((f) => f.inModal)!,
          {},
          isEventEnvelope,
        ).close(),
    ],
  ])('is emitted to every frame, Foyer.on and window when the visitor dismisses it by %s', async (_, dismiss) => {
    const { seen, stop } = listen();
    open('product-profile');
    dismiss();
    await tick();
    expect(dialog()).toBeNull();
    expect(seen).toEqual(dismissed('product-profile'));
    stop();
  });

  it('is not emitted when a success or cancelled event closed it, nor when another open replaced it', async () => {
    const { seen, stop } = listen();
    open('login');
    emit(
      { name: 'login.success', payload: { guid: 'g' } },
      frames.find((f) => f.inModal),
    );
    await tick();
    expect(dialog()).toBeNull();
    open('login');
    open('product-profile');
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
    await tick();
    expect(seen).toEqual([]);
    key('Escape'); // the replacing modal still reports its own dismissal, once
    await tick();
    key('Escape');
    expect(seen).toEqual(dismissed('product-profile'));
    stop();
  });

  it('is not emitted for a dialog that only shows an unknown-widget error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { seen, stop } = listen();
    open('nope');
    key('Escape');
    expect(seen).toEqual([]);
    stop();
  });
});

describe('host method open (the checkout opening its next step)', () => {
  const runner = (widget: string) => ({ widget, inModal: false, iframe: document.createElement('iframe') }) as never;
  const settle = async () => {
    await tick();
    await tick();
  };

  it.each(['checkout-button', 'product-selection', 'product-summary'])(
    'a %s frame may open every checkout step, in the md modal, replacing the one shown',
    async (widget) => {
      const methods = hostMethods(runner(widget), {}, isEventEnvelope);
      expect(methods.open('login', { showRegister: 'true' })).toBe(true);
      await settle();
      expect(dialog()!.getAttribute('aria-label')).toBe('Foyer login widget');
      expect(frames[0]!.iframe.parentElement!.style.maxWidth).toBe('500px');
      for (const step of ['product-profile', 'product-summary', 'payment', 'direct-debit-request']) {
        expect(methods.open(step, {})).toBe(true);
        await settle();
        expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
        expect(dialog()!.getAttribute('aria-label')).toBe(`Foyer ${step.replace(/-/g, ' ')} widget`);
      }
    },
  );

  it('hands the attributes to the opened frame', async () => {
    hostMethods(runner('checkout-button'), {}, isEventEnvelope).open('product-summary', { mode: 'review' });
    await settle();
    expect(hostMethods(frames[0]!, { mode: 'review' }, isEventEnvelope).getContext()).toMatchObject({
      widget: 'product-summary',
      inModal: true,
    });
  });

  it('is refused to frames that do not run a checkout, and for widgets that are not checkout steps', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const widget of ['login', 'payment', 'product-profile', 'edit-profile'])
      expect(hostMethods(runner(widget), {}, isEventEnvelope).open('login', {})).toBe(false);
    for (const target of ['edit-profile', 'registration', 'stripe-payment', 'nope', '', 42, null])
      expect(hostMethods(runner('checkout-button'), {}, isEventEnvelope).open(target as never, {})).toBe(false);
    await settle();
    expect(dialog()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(11);
  });

  it('is refused for attributes that are not a small flat record of strings', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const methods = hostMethods(runner('checkout-button'), {}, isEventEnvelope);
    const many = Object.fromEntries(Array.from({ length: 33 }, (_, i) => ['a' + i, 'x']));
    for (const bad of [
      null,
      'showRegister=true',
      ['true'],
      { showRegister: true },
      { nested: { a: 'b' } },
      { long: 'x'.repeat(2049) },
      { 'bad-name': 'x' },
      { ['n'.repeat(65)]: 'x' },
      many,
      new Map(),
    ])
      expect(methods.open('login', bad as never)).toBe(false);
    await settle();
    expect(dialog()).toBeNull();
    expect(methods.open('login', Object.fromEntries(Object.entries(many).slice(1)))).toBe(true);
  });

  it('a Foyer.close() right after cancels the pending open', async () => {
    hostMethods(runner('checkout-button'), {}, isEventEnvelope).open('login', {});
    await tick();
    closeModal();
    await settle();
    expect(dialog()).toBeNull();
  });
});
