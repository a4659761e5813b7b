import '../test/setup';
import { Suspense, type ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWidget } from './lazyWidget';

const Widget = ({ name }: { name: string }) => <p>Hello {name}</p>;

function shown(Component: ComponentType<{ name: string }>) {
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Component name="visitor" />
    </Suspense>,
  );
}

describe('lazyWidget', () => {
  it('renders a chunk already loaded at once, without the Suspense fallback (and its 300 ms throttle)', async () => {
    const widget = lazyWidget(() => Promise.resolve({ default: Widget }));
    await widget.preload();
    shown(widget.Component);
    // Synchronously: React.lazy would show the fallback here, and the widget 300 ms later.
    expect(screen.getByText('Hello visitor')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('shows the fallback while the chunk loads, then the widget', async () => {
    const widget = lazyWidget(
      () => new Promise<{ default: typeof Widget }>((resolve) => setTimeout(() => resolve({ default: Widget }), 10)),
    );
    shown(widget.Component);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello visitor', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('downloads once, whether the preload or the render asks first', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Widget }));
    const widget = lazyWidget(load);
    shown(widget.Component);
    await widget.preload();
    await widget.preload();
    expect(await screen.findByText('Hello visitor')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed download', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Widget }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Widget });
    const widget = lazyWidget(load);
    await expect(widget.preload()).resolves.toBeUndefined();
    await widget.preload();
    expect(load).toHaveBeenCalledTimes(2);
    shown(widget.Component);
    expect(screen.getByText('Hello visitor')).toBeTruthy();
  });
});
