import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, renderConsole, session, stubApi } from './test/harness';

describe('signing in', () => {
  it('asks for the password, then the 6-digit code when the server wants it, then opens the console', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const calls = stubApi(({ method, path, body }) => {
      if (path === '/admin/api/session' && method === 'GET')
        return signedIn ? { body: session('owner') } : apiError(401, 'UNAUTHORIZED');
      if (path === '/admin/api/session' && method === 'POST') {
        const login = body as { email: string; password: string; totp?: string };
        if (login.password !== 'foyer-admin-1') return apiError(401, 'UNAUTHORIZED', 'Wrong e-mail or password.');
        if (!login.totp)
          return apiError(
            401,
            'OPERATOR_SECOND_FACTOR_REQUIRED',
            'Enter the 6-digit code from your authenticator app.',
          );
        if (login.totp !== '123456') return apiError(401, 'OPERATOR_SECOND_FACTOR_INVALID', 'This code is not valid.');
        signedIn = true;
        return { body: session('owner') };
      }
    });
    renderConsole('/accounts');

    // No session: the sign-in page.
    const email = await screen.findByLabelText('E-mail address');
    expect(email).toHaveProperty('autocomplete', 'username');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveProperty('autocomplete', 'current-password');

    // An empty form is refused here, the reasons announced.
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Enter your e-mail'),
    );

    await user.type(email, 'admin@foyer.test');
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wrong e-mail or password.'));

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'foyer-admin-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // The second step: the code, focused, with the one-time-code token.
    const code = await screen.findByLabelText('6-digit code');
    expect(code).toHaveProperty('autocomplete', 'one-time-code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.queryByLabelText('Password')).toBeNull();

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This code is not valid.'));

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    // Signed in: back where the operator was going.
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([
      { email: 'admin@foyer.test', password: 'wrong' },
      { email: 'admin@foyer.test', password: 'foyer-admin-1' },
      { email: 'admin@foyer.test', password: 'foyer-admin-1', totp: '000000' },
      { email: 'admin@foyer.test', password: 'foyer-admin-1', totp: '123456' },
    ]);
    expect(posts.every((call) => call.credentials === 'same-origin')).toBe(true);
  });

  it('returns to the sign-in page with "Your session ended" after a 401 anywhere', async () => {
    let ended = false;
    const calls = stubApi(({ method, path }) => {
      if (path === '/admin/api/session' && method === 'GET')
        return ended ? apiError(401, 'UNAUTHORIZED') : { body: session() };
      if (path === '/admin/api/accounts') {
        ended = true;
        return apiError(401, 'UNAUTHORIZED');
      }
    });
    renderConsole('/accounts');
    expect(await screen.findByText('Your session ended. Sign in again.')).toBeTruthy();
    expect(screen.getByLabelText('E-mail address')).toBeTruthy();
    // The sign-in page does not ask again and again.
    const asked = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.length).toBe(asked);
  });
});
