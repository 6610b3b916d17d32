import { ModalsProvider } from '@mantine/modals';
import type { AdminAppointmentRow } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTexts } from '../../lib/i18n';
import enStaff from '../../lib/texts/en-staff';
import { type Call, json, stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import AdminAppointmentsPage from './admin-appointments-page';

const GROUP_ROW: AdminAppointmentRow = {
  id: 71,
  kind: 'GROUP',
  group: { id: 5, title: 'Grief circle' },
  status: 'CONFIRMED',
  cancellationReason: null,
  date: '2030-12-02',
  startTime: '12:00',
  endTime: '13:30',
  startsAt: '2030-12-02T10:00:00Z',
  endsAt: '2030-12-02T11:30:00Z',
  timeZone: 'Europe/Kyiv',
  doctorId: 9,
  doctorFirstName: 'Olena',
  doctorLastName: 'Group',
  doctorTimeZone: 'Europe/Kyiv',
  patientId: null,
  patientFirstName: null,
  patientLastName: null,
  patientTimeZone: null,
  attendance: null,
};

beforeAll(() => applyTexts('en', [enStaff]));

// A group session's row among all appointments: canceled after a confirmation, through the admin's group call.
describe('AdminAppointmentsPage, a group session', { timeout: 20_000 }, () => {
  let calls: Call[];
  let lists: AdminAppointmentRow[][];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    lists = [[GROUP_ROW], [{ ...GROUP_ROW, status: 'CANCELED' }]];
    calls = stubApi(({ path }) => {
      if (path === '/api/user/me') return json({ timeZone: 'Europe/Kyiv' });
      if (path === '/api/admin/appointments') {
        const content = lists.shift() ?? [];
        return json({ content, page: 0, size: 1000, totalElements: content.length, totalPages: 1, last: true });
      }
      if (path === '/api/admin/group-sessions/71') return json({ ...GROUP_ROW, status: 'CANCELED', videoCallRoomId: null });
      return json({}, 404);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('cancels it with no reason asked, telling the admin every member is told', async () => {
    const user = userEvent.setup({ delay: null });
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <ModalsProvider>
            <AdminAppointmentsPage />
          </ModalsProvider>
        ),
      },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    const row = await screen.findByRole('row', { name: /^Group: Grief circle/ });
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this group session?' });
    expect(dialog.textContent).toContain('Grief circle');
    expect(dialog.textContent).toContain('every member are told');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    await screen.findByText('Group session canceled; every member is told');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/group-sessions/71', undefined],
    ]);
    // The list is read again: the row shows the session canceled and offers nothing more.
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /^Group: Grief circle/ })).queryByRole('button')).toBeNull(),
    );
  });
});

// The list's load: a failure says so with a retry, and a tab with nothing in it says that.
describe('AdminAppointmentsPage, its load', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a failed load with a retry, then each empty tab after the retry', async () => {
    localStorage.setItem('token', 't');
    const lists = [json({ statusCode: 500, code: 'INTERNAL', message: 'down' }, 500)];
    stubApi(({ path }) => {
      if (path === '/api/admin/appointments') {
        return lists.shift() ?? json({ content: [GROUP_ROW], page: 0, size: 1000, totalElements: 1, totalPages: 1, last: true });
      }
      return json({ timeZone: 'Europe/Kyiv' });
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RouterProvider router={createMemoryRouter([{ path: '/', element: <AdminAppointmentsPage /> }])} />);

    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role=alert]')).toHaveTextContent('Failed to fetch appointments.');
    await user.click(retry);
    expect(await screen.findByRole('row', { name: /^Group: Grief circle/ })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('No past appointments')).toBeVisible();
  });
});
