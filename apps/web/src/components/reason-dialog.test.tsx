import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ReasonDialog } from './reason-dialog';

const LABELS = { reason: 'Reason', required: 'Say why', keep: 'Keep it', confirm: 'Cancel session' };

const open = (labels: typeof LABELS | Omit<typeof LABELS, 'required'>, pending = false) => {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <ReasonDialog
      opened
      onClose={onClose}
      title="Cancel this session?"
      text="Both of you will see the reason."
      labels={labels}
      pending={pending}
      onConfirm={onConfirm}
    />,
  );
  return { onConfirm, onClose, dialog: within(screen.getByRole('dialog', { name: 'Cancel this session?' })) };
};

// A destructive step with a written reason: required or not, trimmed, and held while the call runs.
describe('ReasonDialog', { timeout: 20_000 }, () => {
  it('asks for a required reason before confirming, then confirms with it trimmed', async () => {
    const user = userEvent.setup({ delay: null });
    const { onConfirm, dialog } = open(LABELS);
    const field = dialog.getByRole('textbox', { name: /^Reason/ });
    await vi.waitFor(() => expect(field).toHaveFocus());
    await user.click(dialog.getByRole('button', { name: 'Cancel session' }));
    expect(field).toHaveAccessibleDescription('Say why');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(field, '  I am ill  ');
    expect(field).not.toHaveAccessibleDescription('Say why');
    await user.click(dialog.getByRole('button', { name: 'Cancel session' }));
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('I am ill');
  });

  it('confirms with no reason when none is required, and Keep closes', async () => {
    const user = userEvent.setup({ delay: null });
    const { onConfirm, onClose, dialog } = open({ reason: 'Reason', keep: 'Keep it', confirm: 'Cancel session' });
    await user.click(dialog.getByRole('button', { name: 'Cancel session' }));
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('');
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('holds Keep while the cancel runs', () => {
    const { dialog } = open(LABELS, true);
    expect(dialog.getByRole('button', { name: 'Keep it' })).toBeDisabled();
  });
});
