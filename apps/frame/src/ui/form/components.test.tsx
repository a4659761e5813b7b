import '../../test/setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Captcha } from './Captcha';
import { DateSelector } from './DateSelector';
import { NotificationModal } from './NotificationModal';
import { RECAPTCHA_LIFETIME_MS, siteKeyError, type Grecaptcha, type RecaptchaRenderParameters } from './recaptcha';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { fakeIdentityServer, makeHarness } from '../../test/harness';

/** The captcha asks the identity server for its site key's settings: it needs the store. */
function renderCaptcha(ui: ReactElement, fetch?: typeof globalThis.fetch) {
  const { store } = makeHarness({ fetch });
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
  });
}

afterEach(() => {
  vi.useRealTimers();
  delete window.grecaptcha;
});

const SITE_KEY = 'k'.repeat(40);

function fakeGrecaptcha() {
  let parameters: RecaptchaRenderParameters | null = null;
  const api: Grecaptcha & { resets: number } = {
    resets: 0,
    render: (_container, given) => {
      parameters = given;
      return 7;
    },
    reset: () => {
      api.resets += 1;
    },
  };
  // Installed as Google's script would: react-google-recaptcha finds the global and renders.
  window.grecaptcha = api;
  return { api, solve: (token: string) => act(() => parameters?.callback(token)), params: () => parameters };
}

describe('captcha (identity spec §5, §9)', () => {
  it("a site key must be 40 characters: 'Google Re-captcha Site Key required.'", () => {
    expect(siteKeyError(SITE_KEY)).toBeNull();
    expect(siteKeyError('short')?.code).toBe('RECAPTCHA_SITE_KEY_REQUIRED');
    const fake = fakeGrecaptcha();
    renderCaptcha(<Captcha siteKey="short" onChange={() => {}} resetKey={0} />);
    expect(screen.getByRole('alert').textContent).toBe('Google Re-captcha Site Key required.');
    expect(fake.params()).toBeNull();
  });

  it('renders explicitly with the site key, reports the token, and drops it after 120 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = fakeGrecaptcha();
    const onChange = vi.fn();
    renderCaptcha(<Captcha siteKey={SITE_KEY} onChange={onChange} resetKey={0} />);
    await vi.waitFor(() => expect(fake.params()?.sitekey).toBe(SITE_KEY));
    fake.solve('token-1');
    expect(onChange).toHaveBeenLastCalledWith('token-1');
    await act(() => vi.advanceTimersByTimeAsync(RECAPTCHA_LIFETIME_MS - 1000));
    expect(onChange).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(RECAPTCHA_LIFETIME_MS).toBe(120_000);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(fake.api.resets).toBe(1);
    expect(screen.getByText('The verification expired. Please verify again.')).toBeTruthy();
  });

  it('takes the token lifetime from GET /recaptcha/settings/:siteKey', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = fakeGrecaptcha();
    const onChange = vi.fn();
    const server = fakeIdentityServer({
      [`GET /recaptcha/settings/${SITE_KEY}`]: () => ({
        status: 200,
        body: { siteKey: SITE_KEY, responseLifetimeSeconds: 30 },
      }),
    });
    renderCaptcha(<Captcha siteKey={SITE_KEY} onChange={onChange} resetKey={0} />, server.fetch);
    await vi.waitFor(() => expect(fake.params()).not.toBeNull());
    await vi.waitFor(() => expect(server.requests.map((r) => r.path)).toEqual([`/recaptcha/settings/${SITE_KEY}`]));
    await act(() => vi.advanceTimersByTimeAsync(0));
    fake.solve('token-1');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('a site key the identity server does not know (404): RECAPTCHA_SITE_KEY_REQUIRED, no captcha', async () => {
    fakeGrecaptcha();
    const server = fakeIdentityServer({
      [`GET /recaptcha/settings/${SITE_KEY}`]: () => ({ status: 404, body: { code: 'NOT_FOUND' } }),
    });
    renderCaptcha(<Captcha siteKey={SITE_KEY} onChange={() => {}} resetKey={0} />, server.fetch);
    expect((await screen.findByRole('alert')).textContent).toBe('Google Re-captcha Site Key required.');
  });

  it("Google's expired callback drops the token too; resetKey resets the widget", async () => {
    const fake = fakeGrecaptcha();
    const onChange = vi.fn();
    const { rerender } = renderCaptcha(<Captcha siteKey={SITE_KEY} onChange={onChange} resetKey={0} />);
    await vi.waitFor(() => expect(fake.params()).not.toBeNull());
    fake.solve('token-1');
    act(() => fake.params()?.['expired-callback']());
    expect(onChange).toHaveBeenLastCalledWith(null);
    rerender(<Captcha siteKey={SITE_KEY} onChange={onChange} resetKey={1} />);
    expect(fake.api.resets).toBe(1);
  });
});

function DateHarness({ initial = '', birth = true }: { initial?: string; birth?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateSelector
        id="birth"
        label="Birth date"
        value={value}
        onChange={setValue}
        birthDate={birth}
        now={new Date('2025-01-01')}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('date selector', () => {
  it('three labelled drop-downs with bday autofill, grouped under the field label', async () => {
    render(<DateHarness />);
    const group = screen.getByRole('group', { name: 'Birth date' });
    expect(group).toBeTruthy();
    const day = screen.getByLabelText('Day');
    const month = screen.getByLabelText('Month');
    const year = screen.getByLabelText('Year');
    expect([day, month, year].map((el) => el.getAttribute('autocomplete'))).toEqual([
      'bday-day',
      'bday-month',
      'bday-year',
    ]);
    expect(year.querySelectorAll('option')).toHaveLength(102); // placeholder + 101 years
    const user = userEvent.setup();
    await user.selectOptions(day, '9');
    expect(screen.getByTestId('value').textContent).toBe('--09');
    await user.selectOptions(month, '12');
    await user.selectOptions(year, '1990');
    expect(screen.getByTestId('value').textContent).toBe('1990-12-09');
  });

  it('no bday autofill for other dates', () => {
    render(<DateHarness birth={false} />);
    expect(screen.getByLabelText('Day').getAttribute('autocomplete')).toBe('off');
  });
});

describe('notification modal', () => {
  it('confirmationNotification: a labelled dialog, focus inside, OK confirms, focus returns', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onConfirm = vi.fn();
    const { unmount } = render(
      <NotificationModal
        layout="confirmationNotification"
        title="Done"
        message="Saved."
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Done' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('questionNotification: Yes / No, Escape cancels, Tab stays inside', async () => {
    const onCancel = vi.fn();
    render(
      <NotificationModal
        layout="questionNotification"
        title="Sure?"
        message="Really?"
        onConfirm={() => {}}
        onCancel={onCancel}
      />,
    );
    const yes = screen.getByRole('button', { name: 'Yes' });
    const no = screen.getByRole('button', { name: 'No' });
    expect(document.activeElement).toBe(yes);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(no);
    await user.tab();
    expect(document.activeElement).toBe(yes);
    fireEvent.keyDown(yes, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('addEmailNotification: asks for a valid email address', async () => {
    const onConfirm = vi.fn();
    render(
      <NotificationModal
        layout="addEmailNotification"
        title="Email"
        message="We need your email."
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('autocomplete')).toBe('email');
    await user.type(input, 'nope');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onConfirm).toHaveBeenCalledWith('ann@example.com');
  });
});
