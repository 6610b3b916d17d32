import { TextInput } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { FormModal } from './form-modal';

type Harness = { pending?: boolean; failure?: string; onSubmit?: (name: string) => void; onClose?: () => void };

function Harness({ pending = false, failure, onSubmit = () => {}, onClose = () => {} }: Harness) {
  const [name, setName] = useState('');
  return (
    <FormModal
      onClose={onClose}
      title="Rename"
      onSubmit={() => onSubmit(name)}
      pending={pending}
      failure={failure}
      submit={{ label: 'Rename it' }}
    >
      <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
    </FormModal>
  );
}

// The frame every form dialog shares: the keyboard works as in any form, and a running call or a refusal shows.
describe('FormModal', { timeout: 20_000 }, () => {
  it('opens on its first field, submits with Enter and with its button', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename' }));
    const field = dialog.getByRole('textbox', { name: 'Name' });
    await vi.waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'Calm{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith('Calm');
    await user.click(dialog.getByRole('button', { name: 'Rename it' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('closes with Escape, the close button and Cancel', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    fireEvent.keyDown(within(dialog).getByRole('textbox', { name: 'Name' }), { key: 'Escape' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('holds Cancel and marks the submit button busy while the call runs, and says why the last try failed', async () => {
    renderWithProviders(<Harness pending failure="The name is taken." />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename' }));
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Rename it' })).toHaveAttribute('data-loading', 'true');
    expect(dialog.getByRole('alert')).toHaveTextContent('The name is taken.');
  });
});
