import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { MessageMembersDialog } from './message-members-dialog';

// One message to every member: checked before it goes, a refusal said in the dialog with the text kept.
describe('MessageMembersDialog', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  const open = (memberCount: number, answers: Response[]) => {
    localStorage.setItem('token', 't');
    const calls: Call[] = stubApi(() => answers.shift() ?? json({}, 500));
    const onClose = vi.fn();
    renderWithProviders(<MessageMembersDialog programId={5} memberCount={memberCount} onClose={onClose} />);
    return { calls, onClose, dialog: within(screen.getByRole('dialog', { name: 'Message all members' })) };
  };

  it('asks for a message, says the hourly limit when refused, keeps the text and sends it on the next try', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, onClose, dialog } = open(3, [
      json({ statusCode: 429, code: 'RATE_LIMITED', message: 'slow down' }, 429),
      json({ sent: 3 }),
    ]);
    const field = dialog.getByRole('textbox', { name: /^Message/ });
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Write a message'));
    expect(calls).toEqual([]);

    await user.type(field, 'See you on Monday');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/at most \d+ messages an hour to patients/);
    expect(field).toHaveValue('See you on Monday');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/psychologist/groups/5/messages', { message: 'See you on Monday' }],
      ['POST', '/api/psychologist/groups/5/messages', { message: 'See you on Monday' }],
    ]);
    expect(await screen.findByText('Message sent to members: 3')).toBeVisible();
  });

  it('offers no sending to a group without members', () => {
    const { dialog } = open(0, []);
    expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
