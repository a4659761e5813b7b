import '../../test/setup';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Captcha } from './Captcha';
import type { Grecaptcha, RecaptchaRenderParameters } from './recaptcha';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeHarness } from '../../test/harness';

/** The captcha asks the identity server for its site key's settings: it needs the store. */
function renderCaptcha(ui: ReactElement, fetch?: typeof globalThis.fetch) {
  const { store } = makeHarness({ fetch });
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
  });
}

// A file of its own: react-google-recaptcha remembers a loaded script per page (module state).

afterEach(() => {
  delete window.grecaptcha;
});

const SITE_KEY = 'k'.repeat(40);

function fakeGrecaptcha() {
  let parameters: RecaptchaRenderParameters | null = null;
  const api: Grecaptcha = {
    render: (_container, given) => {
      parameters = given;
      return 7;
    },
    reset: () => {},
  };
  window.grecaptcha = api;
  return { api, params: () => parameters };
}

describe('captcha script (identity spec §5)', () => {
  it("loads Google's script with an onload callback and explicit rendering when there is no grecaptcha yet", async () => {
    renderCaptcha(<Captcha siteKey={SITE_KEY} onChange={() => {}} resetKey={0} />);
    expect(screen.getByText('Loading the verification…')).toBeTruthy();
    const script = [...document.querySelectorAll('script')].find((candidate) =>
      candidate.src.startsWith('https://www.google.com/recaptcha/api.js'),
    );
    const url = new URL(script?.src ?? 'about:blank');
    expect(url.searchParams.get('render')).toBe('explicit');
    expect(url.searchParams.get('onload')).toBeTruthy();
    // What the real script does: define grecaptcha, finish loading, then call the onload callback.
    const fake = fakeGrecaptcha();
    act(() => void script?.dispatchEvent(new Event('load')));
    const onload = (window as unknown as Record<string, () => void>)[url.searchParams.get('onload') ?? ''];
    act(() => onload?.());
    await vi.waitFor(() => expect(fake.params()?.sitekey).toBe(SITE_KEY));
    expect(screen.queryByText('Loading the verification…')).toBeNull();
  });
});
