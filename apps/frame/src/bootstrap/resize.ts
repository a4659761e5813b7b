/**
 * Reports the frame's content height to the host. It measures the content element (not the
 * viewport, which the host sizes: measuring it would loop) and sends only when the rounded height
 * changed. ResizeObserver callbacks run before paint, so the host gets the new height in the same
 * frame the content changed.
 */
export interface HeightReporter {
  /** Sends the current height even if unchanged (after a (re)connect). */
  flush(): void;
  disconnect(): void;
}

export function observeHeight(element: HTMLElement, send: (height: number) => void): HeightReporter {
  let last = -1;
  const measure = (force: boolean) => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (force || height !== last) {
      last = height;
      send(height);
    }
  };
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => measure(false)) : null;
  observer?.observe(element);
  return {
    flush: () => measure(true),
    disconnect: () => observer?.disconnect(),
  };
}
