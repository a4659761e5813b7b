import { afterEach, describe, expect, it, vi } from 'vitest';
import { forwardEscape, rememberFocus } from './focus';

afterEach(() => {
  document.body.innerHTML = '';
});

const press = (target: EventTarget, key: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

describe('forwardEscape', () => {
  it('forwards an Esc from anywhere in the frame while in the modal, not one the widget handled', () => {
    document.body.innerHTML = '<input id="field" /><div id="own"></div>';
    const escape = vi.fn();
    let inModal = true;
    const stop = forwardEscape(window, () => inModal, escape);
    press(document.getElementById('field')!, 'Escape');
    expect(escape).toHaveBeenCalledTimes(1);
    press(document.getElementById('field')!, 'Enter');
    // a dialog of the widget's own handles its Esc
    document.getElementById('own')!.addEventListener('keydown', (event) => event.preventDefault());
    press(document.getElementById('own')!, 'Escape');
    inModal = false;
    press(document.body, 'Escape');
    expect(escape).toHaveBeenCalledTimes(1);
    stop();
    inModal = true;
    press(document.body, 'Escape');
    expect(escape).toHaveBeenCalledTimes(1);
  });
});

describe('rememberFocus', () => {
  it('focuses the last focused control again, once a busy (disabled) button is enabled', async () => {
    document.body.innerHTML = '<input id="field" /><button id="go">Continue</button>';
    const memory = rememberFocus(document);
    const button = document.getElementById('go') as HTMLButtonElement;
    button.focus();
    // the checkout runs: the button is disabled and the browser moves the focus to the body
    button.blur();
    button.disabled = true;
    memory.restore();
    expect(document.activeElement).not.toBe(button);
    button.disabled = false;
    await vi.waitFor(() => expect(document.activeElement).toBe(button));
    memory.stop();
  });

  it('finds a control rendered afresh by its caption', async () => {
    document.body.innerHTML = '<button>Select</button><div id="actions"><button>Continue</button></div>';
    const memory = rememberFocus(document);
    document.querySelectorAll('button')[1]!.focus();
    const actions = document.getElementById('actions')!;
    actions.innerHTML = ''; // the plans reload: the button goes, then comes back
    memory.restore();
    actions.innerHTML = '<button>Continue</button>';
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Continue'));
    memory.stop();
  });

  it('falls back to the first control when the remembered one is gone for good', async () => {
    document.body.innerHTML = '<p>text</p><button id="a">A</button><button id="b">B</button>';
    const memory = rememberFocus(document);
    document.getElementById('b')!.focus();
    document.getElementById('b')!.remove();
    // jsdom lays nothing out: every element has no client rects, so pretend they are shown
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    memory.restore(50);
    await vi.waitFor(() => expect(document.activeElement!.id).toBe('a'));
    memory.stop();
  });
});
