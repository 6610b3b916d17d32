import { ModalsProvider } from '@mantine/modals';
import type { AdminGroup, Page } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTexts } from '../../lib/i18n';
import enStaff from '../../lib/texts/en-staff';
import { type Call, json, stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import AdminGroupsPage from './admin-groups-page';

const SESSION = {
  id: 71,
  status: 'CONFIRMED' as const,
  videoCallRoomId: null,
  // 10:00 UTC is 12:00 on the admin's clock in Kyiv.
  date: '2026-12-01',
  startTime: '12:00',
  endTime: '13:30',
  startsAt: '2026-12-01T10:00:00Z',
  endsAt: '2026-12-01T11:30:00Z',
  timeZone: 'Europe/Kyiv',
};

const GROUP: AdminGroup = {
  id: 5,
  title: 'Grief circle',
  therapyType: 'KPT',
  enrolment: 'OPEN',
  status: 'ACTIVE',
  capacity: 8,
  memberCount: 3,
  psychologist: { id: 9, firstName: 'Olena', lastName: 'Group' },
  nextSession: SESSION,
};

const page = (content: AdminGroup[], number = 0, totalPages = 1): Page<AdminGroup> => ({
  content,
  totalElements: content.length + (totalPages - 1) * 10,
  totalPages,
  page: number,
  size: 10,
  last: number === totalPages - 1,
});

const renderPage = () =>
  renderWithProviders(
    <ModalsProvider>
      <AdminGroupsPage />
    </ModalsProvider>,
  );

// The admin's texts come with the staff screens, beside the ones every test has.
beforeAll(() => applyTexts('en', [enStaff]));

describe('AdminGroupsPage', { timeout: 20_000 }, () => {
  let calls: Call[];
  let lists: Response[];
  const stub = () =>
    stubApi((call) => {
      if (call.path === '/api/user/me') return json({ timeZone: 'Europe/Kyiv' });
      if (call.path === '/api/admin/groups') return lists.shift() ?? json({}, 500);
      if (call.path === `/api/admin/group-sessions/${SESSION.id}`) return json({ ...SESSION, status: 'CANCELED' });
      return json({}, 404);
    });

  beforeEach(() => localStorage.setItem('token', 't'));
  afterEach(() => vi.unstubAllGlobals());

  it("lists programs with their psychologist, fill and next session on the admin's clock", async () => {
    lists = [json(page([GROUP, { ...GROUP, id: 4, title: 'Ended one', status: 'ENDED', nextSession: null }]))];
    calls = stub();
    renderPage();
    const row = await screen.findByRole('row', { name: 'Grief circle' });
    for (const text of ['Olena Group', 'Cognitive behavioural therapy (CBT)', 'Open enrolment', '3 / 8', 'Running']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    await waitFor(() => expect(within(row).getByText(/12:00 GMT\+2$/)).toBeTruthy());
    const ended = screen.getByRole('row', { name: 'Ended one' });
    expect(within(ended).getByText('None ahead')).toBeTruthy();
    expect(within(ended).queryByRole('button')).toBeNull();
    expect(calls.find((c) => c.path === '/api/admin/groups')?.query).toBe('?page=0&size=10');
  });

  it('pages through programs', async () => {
    lists = [json(page([GROUP], 0, 2)), json(page([{ ...GROUP, id: 1, title: 'Older group' }], 1, 2))];
    calls = stub();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('row', { name: 'Grief circle' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('row', { name: 'Older group' });
    expect(calls.filter((c) => c.path === '/api/admin/groups').map((c) => c.query)).toEqual([
      '?page=0&size=10',
      '?page=1&size=10',
    ]);
  });

  it('cancels the next session after a confirmation that says every member is told, then reads the list again', async () => {
    lists = [json(page([GROUP])), json(page([{ ...GROUP, nextSession: null }]))];
    calls = stub();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel the next session of Grief circle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this group session?' });
    expect(dialog.textContent).toContain('every member are told');
    expect(dialog.textContent).toContain('12:00–13:30');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    await screen.findByText('Group session canceled; every member is told');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/admin/group-sessions/${SESSION.id}`]);
    const row = await screen.findByRole('row', { name: 'Grief circle' });
    await waitFor(() => expect(within(row).getByText('None ahead')).toBeTruthy());
  });

  it('keeps the session when the admin steps back', async () => {
    lists = [json(page([GROUP]))];
    calls = stub();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel the next session of Grief circle' }));
    await user.click(await screen.findByRole('button', { name: 'Keep session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('says when there are no programs, and offers a retry when the list cannot be read', async () => {
    lists = [json({}, 500), json(page([]))];
    calls = stub();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Retry|Try again/ }));
    await screen.findByText('No group programs yet');
  });
});
