import type { GroupSession } from '@rozmova/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { MoveSessionDialog } from './move-session-dialog';

const SESSION: GroupSession = {
  id: 31,
  status: 'CONFIRMED',
  videoCallRoomId: 'room',
  date: '2030-03-12',
  startTime: '18:00',
  endTime: '19:30',
  startsAt: '2030-03-12T16:00:00.000Z',
  endsAt: '2030-03-12T17:30:00.000Z',
  timeZone: 'Europe/Kyiv',
};

// Moving one session: a refusal is said in the dialog and keeps the choice; the next try moves it and closes.
describe('MoveSessionDialog', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a refused move in the dialog, then moves it on the next try', async () => {
    localStorage.setItem('token', 't');
    const answers = [json({ statusCode: 500, code: 'INTERNAL', message: 'down' }, 500), json(SESSION)];
    const calls = stubApi(({ path }) =>
      path === '/api/user/me' ? json({ timeZone: 'Europe/Kyiv' }) : (answers.shift() ?? json({}, 500)),
    );
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MoveSessionDialog programId={5} session={SESSION} timeZone="Europe/Kyiv" onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Move session' }));

    await user.click(dialog.getByRole('button', { name: 'Move session' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Could not move the session.');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: 'Move session' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const puts = calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body]);
    expect(puts).toEqual([
      ['/api/psychologist/group-sessions/31', { startsAt: '2030-03-12T16:00:00.000Z' }],
      ['/api/psychologist/group-sessions/31', { startsAt: '2030-03-12T16:00:00.000Z' }],
    ]);
    expect(await screen.findByText('Session moved; the members are told')).toBeVisible();
  });
});
