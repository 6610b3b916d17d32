import type { GroupMember, GroupSession } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { AttendanceForm } from './attendance-form';

const SESSION: GroupSession = {
  id: 31,
  status: 'CONFIRMED',
  videoCallRoomId: 'room',
  date: '2026-03-22',
  startTime: '18:00',
  endTime: '19:30',
  startsAt: '2026-03-22T16:00:00.000Z',
  endsAt: '2026-03-22T17:30:00.000Z',
  timeZone: 'Europe/Kyiv',
};
const member = (patientId: number, firstName: string, patch: Partial<GroupMember> = {}): GroupMember => ({
  patientId,
  firstName,
  lastName: 'Koval',
  birthDate: '1990-01-01',
  joinedAt: '2026-03-01T10:00:00.000Z',
  attendance: {},
  upcomingIndividual: 0,
  nextIndividualAt: null,
  ...patch,
});
const MEMBERS = [
  member(1, 'Olena'),
  member(2, 'Taras', { attendance: { '31': 'NO_SHOW' } }),
  member(3, 'Iryna', { attendance: { '31': 'EXCUSED' } }),
  // Joined after the session: not part of it.
  member(4, 'Later', { joinedAt: '2026-03-23T10:00:00.000Z' }),
];
const DURING = Date.parse('2026-03-22T16:30:00.000Z');

let calls: Call[];
beforeEach(() => {
  localStorage.setItem('token', 't');
  calls = stubApi(({ body }) => json(body));
});
afterEach(() => vi.unstubAllGlobals());

const render = (now: number) =>
  renderWithProviders(<AttendanceForm programId={5} session={SESSION} members={MEMBERS} timeZone="Europe/Kyiv" now={now} />);

describe('AttendanceForm', { timeout: 20_000 }, () => {
  it('marks each member of a session that has started and sends the marks', async () => {
    const user = userEvent.setup({ delay: null });
    render(DURING);
    // The saved mark shows; the excused member is shown, not marked; who joined later is not listed.
    const taras = screen.getByRole('radiogroup', { name: 'Taras Koval' });
    expect((within(taras).getByRole('radio', { name: 'No-show' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Excused (skipped with notice)')).not.toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Iryna Koval' })).toBeNull();
    expect(screen.queryByText(/Later/)).toBeNull();

    await user.click(within(screen.getByRole('radiogroup', { name: 'Olena Koval' })).getByRole('radio', { name: 'Attended' }));
    await user.click(within(taras).getByRole('radio', { name: 'Late cancel' }));
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/psychologist/group-sessions/31/attendance',
      body: [
        { patientId: 1, status: 'ATTENDED' },
        { patientId: 2, status: 'LATE_CANCEL' },
      ],
    });
    expect(await screen.findByText('Attendance saved')).toBeVisible();
  });

  it('marks everyone attended at once', async () => {
    const user = userEvent.setup({ delay: null });
    render(DURING);
    await user.click(screen.getByRole('button', { name: 'Mark all attended' }));
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual([
      { patientId: 1, status: 'ATTENDED' },
      { patientId: 2, status: 'ATTENDED' },
    ]);
  });

  it('offers no marking before the session starts', () => {
    render(Date.parse('2026-03-22T15:00:00.000Z'));
    expect(screen.queryByText('Attendance can be marked once the session has started.')).not.toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save attendance' })).toBeNull();
  });

  it('says why the server refused the marks', async () => {
    stubApi(() => json({ statusCode: 409, code: 'NOT_STARTED', message: 'no' }, 409));
    const user = userEvent.setup({ delay: null });
    render(DURING);
    await user.click(screen.getByRole('button', { name: 'Mark all attended' }));
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Attendance can be marked once the session has started.');
  });
});
