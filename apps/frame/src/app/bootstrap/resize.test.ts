import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitingContent, FIRST_CONTENT_WAIT_MS, forwardPresses, observeHeight, SHRINK_AFTER_MS } from './resize';

/** jsdom has no layout: the element's height is what the test says. */
function sized(height: { value: number }): HTMLElement {
  const element = document.createElement('div');
  element.getBoundingClientRect = () => ({ height: height.value }) as DOMRect;
  document.body.append(element);
  return element;
}

const flushMicrotasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('observeHeight', () => {
  it('reports a DOM change without any ResizeObserver callback (a throttled off-screen frame)', async () => {
    const height = { value: 0 };
    const element = sized(height);
    const send = vi.fn();
    const reporter = observeHeight(element, send);
    height.value = 300.2;
    element.innerHTML = '<form><input></form>';
    await flushMicrotasks();
    expect(send).toHaveBeenLastCalledWith(301);
    reporter.disconnect();
  });

  it('sends only changes, follows content that grows and shrinks, and flush resends', async () => {
    const height = { value: 100 };
    const element = sized(height);
    element.innerHTML = '<p>hello</p>';
    const send = vi.fn();
    const reporter = observeHeight(element, send);
    reporter.flush();
    element.setAttribute('data-x', '1');
    await flushMicrotasks();
    expect(send.mock.calls).toEqual([[100]]);
    height.value = 400;
    element.append(document.createElement('p'));
    await flushMicrotasks();
    height.value = 50;
    element.lastElementChild!.remove();
    // Smaller: sent once it has stayed smaller (SHRINK_AFTER_MS).
    await vi.waitFor(() => expect(send.mock.calls).toEqual([[100], [400], [50]]), { timeout: SHRINK_AFTER_MS * 4 });
    reporter.flush();
    expect(send.mock.calls).toEqual([[100], [400], [50], [50]]);
    reporter.disconnect();
  });

  it('shrinks only once the content has stayed smaller; growing back meanwhile moves nothing', async () => {
    vi.useFakeTimers();
    const height = { value: 300 };
    const element = sized(height);
    element.innerHTML = '<p>form</p>';
    const send = vi.fn();
    const reporter = observeHeight(element, send);
    reporter.flush();
    // A spinner for a moment, then the form again: the page never moved.
    height.value = 80;
    element.innerHTML = '<p>spinner</p>';
    await vi.advanceTimersByTimeAsync(SHRINK_AFTER_MS - 50);
    height.value = 300;
    element.innerHTML = '<p>form</p>';
    await vi.advanceTimersByTimeAsync(SHRINK_AFTER_MS * 4);
    expect(send.mock.calls).toEqual([[300]]);
    // Smaller for good: sent after SHRINK_AFTER_MS, once.
    height.value = 120;
    element.innerHTML = '<p>done</p>';
    await vi.advanceTimersByTimeAsync(SHRINK_AFTER_MS - 1);
    expect(send.mock.calls).toEqual([[300]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(send.mock.calls).toEqual([[300], [120]]);
    // Growing is sent at once.
    height.value = 500;
    element.innerHTML = '<p>menu</p>';
    await vi.advanceTimersByTimeAsync(0);
    expect(send.mock.calls).toEqual([[300], [120], [500]]);
    reporter.disconnect();
  });

  it('measures again after a change, for what settles later (transitions, late styles)', async () => {
    vi.useFakeTimers();
    const height = { value: 100 };
    const element = sized(height);
    element.innerHTML = '<p>hello</p>';
    const send = vi.fn();
    const reporter = observeHeight(element, send);
    element.append(document.createElement('p'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send.mock.calls).toEqual([[100]]);
    height.value = 180;
    await vi.advanceTimersByTimeAsync(1000);
    expect(send.mock.calls).toEqual([[100], [180]]);
    reporter.disconnect();
    height.value = 10;
    element.append(document.createElement('p'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('reports image loads, which change the height without a DOM change', async () => {
    const height = { value: 100 };
    const element = sized(height);
    element.innerHTML = '<img alt="">';
    const send = vi.fn();
    const reporter = observeHeight(element, send);
    reporter.flush();
    height.value = 260;
    element.querySelector('img')!.dispatchEvent(new Event('load'));
    expect(send).toHaveBeenLastCalledWith(260);
    reporter.disconnect();
  });

  it('keeps quiet while the frame shows nothing but its first loading state', async () => {
    const height = { value: 40 };
    const element = sized(height);
    const send = vi.fn();
    const reporter = observeHeight(element, send);
    reporter.flush();
    element.innerHTML = '<main><div class="loading" role="status" aria-busy="true"><span>Loading…</span></div></main>';
    await flushMicrotasks();
    reporter.flush();
    expect(send).not.toHaveBeenCalled();
    height.value = 301;
    element.innerHTML = '<main><form><label>Email <input></label></form></main>';
    await flushMicrotasks();
    expect(send.mock.calls).toEqual([[301]]);
    // Later loading states (a step change) are content: reported (once they stayed, as any shrink).
    height.value = 40;
    element.innerHTML = '<main><div class="loading" role="status" aria-busy="true"><span>Loading…</span></div></main>';
    await vi.waitFor(() => expect(send).toHaveBeenLastCalledWith(40), { timeout: SHRINK_AFTER_MS * 4 });
    reporter.disconnect();
  });

  it('reports anyway when the first loading state lasts too long', async () => {
    vi.useFakeTimers();
    const height = { value: 40 };
    const element = sized(height);
    element.innerHTML = '<div class="loading" role="status" aria-busy="true">Loading…</div>';
    const send = vi.fn();
    const reporter = observeHeight(element, send);
    reporter.flush();
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_WAIT_MS - 1);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send.mock.calls).toEqual([[40]]);
    reporter.disconnect();
  });
});

describe('awaitingContent', () => {
  it('is true for an empty element or one still loading, false once its content shows', () => {
    const element = document.createElement('div');
    expect(awaitingContent(element)).toBe(true);
    element.innerHTML = '<div class="loading" role="status" aria-busy="true">Loading…</div>';
    expect(awaitingContent(element)).toBe(true);
    element.innerHTML += '<h1>Products</h1>';
    expect(awaitingContent(element)).toBe(true);
    element.innerHTML = '<h1>Products</h1><button aria-busy="false">Select</button>';
    expect(awaitingContent(element)).toBe(false);
    element.innerHTML = '<p role="alert">Error</p>';
    expect(awaitingContent(element)).toBe(false);
  });
});

describe('forwardPresses', () => {
  it('tells the host each press and its end, caught before the widget can stop them', () => {
    const press = vi.fn();
    const stop = forwardPresses(window, press);
    const button = document.createElement('button');
    button.addEventListener('pointerdown', (event) => event.stopPropagation());
    document.body.append(button);
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.dispatchEvent(new Event('pointerup', { bubbles: true }));
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.dispatchEvent(new Event('pointercancel', { bubbles: true }));
    expect(press.mock.calls).toEqual([[true], [false], [true], [false]]);
    stop();
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(press).toHaveBeenCalledTimes(4);
  });
});
