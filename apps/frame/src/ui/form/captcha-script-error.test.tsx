import '../../test/setup';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IDENTITY_ERRORS } from '@foyer/api';
import { Captcha } from './Captcha';
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

// A file of its own: react-google-recaptcha remembers a failed script per page (module state).

describe('captcha script that cannot be loaded', () => {
  it('says the network failed instead of waiting forever', async () => {
    renderCaptcha(<Captcha siteKey={'k'.repeat(40)} onChange={() => {}} resetKey={0} />);
    const script = [...document.querySelectorAll('script')].find((candidate) =>
      candidate.src.startsWith('https://www.google.com/recaptcha/api.js'),
    );
    expect(script).toBeTruthy();
    act(() => void script?.dispatchEvent(new Event('error')));
    expect((await screen.findByRole('alert')).textContent).toContain(IDENTITY_ERRORS.NETWORK_ERROR.text);
  });
});
