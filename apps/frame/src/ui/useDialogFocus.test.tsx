import '../test/setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

/** The account area's dialog, opened from a button, as the widgets use it. */
function Opener({ onClose }: { onClose(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          title="Beneficiaries"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <input aria-label="Email" />
          <button type="button">Add</button>
          <button type="button" disabled>
            Disabled
          </button>
        </Dialog>
      )}
      <button type="button">Behind</button>
    </>
  );
}

describe('useDialogFocus (through the account area Dialog)', () => {
  it('focuses the first control, keeps Tab inside both ways, Escape closes and focus returns to the opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const close = screen.getByRole('button', { name: /close/i });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add' }));
    // The last enabled control wraps to the first, never to the page behind.
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add' }));

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });
});
