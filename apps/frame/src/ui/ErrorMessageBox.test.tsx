import '../test/setup';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { foyerError } from '@foyer/api';
import { ErrorMessageBox } from './ErrorMessageBox';
import { Loading } from './Loading';

describe('ErrorMessageBox (identity spec §2)', () => {
  it.each([
    [200, 'success'],
    [302, 'warning'],
    [401, 'danger'],
    [503, 'danger'],
    [0, 'info'],
  ])('status %i is coloured %s', (status, severity) => {
    render(<ErrorMessageBox error={foyerError('IDENTIFIERS_INVALID', [], status)} />);
    const box = screen.getByRole('alert');
    expect(box.className).toContain(`message-${severity}`);
    expect(box.textContent).toContain('Invalid username and password');
  });

  it('shows the code only when asked, fills arguments, and never shows developer text', () => {
    const { rerender } = render(<ErrorMessageBox error={foyerError('TOO_MANY_ATTEMPTS', ['15'])} showCode />);
    expect(screen.getByRole('alert').textContent).toContain('Please wait 15 minutes');
    expect(screen.getByText('TOO_MANY_ATTEMPTS')).toBeTruthy();
    rerender(<ErrorMessageBox error={{ code: 'SOMETHING_ODD', args: [], statusCode: 500, message: 'stack trace' }} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'We are experiencing technical difficulties. Please try again later.',
    );
    expect(screen.queryByText('SOMETHING_ODD')).toBeNull();
  });

  it('is closable with a real, labelled button', () => {
    const onClose = vi.fn();
    render(<ErrorMessageBox error={foyerError('NETWORK_ERROR')} onClose={onClose} />);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close.tagName).toBe('BUTTON');
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('has no Close button when not closable', () => {
    render(<ErrorMessageBox error={foyerError('NETWORK_ERROR')} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Loading', () => {
  it('is a busy status with visible text', () => {
    render(<Loading />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading…');
  });
});
