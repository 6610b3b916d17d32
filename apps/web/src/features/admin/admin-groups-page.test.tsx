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
  date: '2030-12-02',
  startTime: '12:00',
  endTime: '13:30',
  startsAt: '2030-12-02T10:00:00Z',
  endsAt: '2030-12-02T11:30:00Z',
  timeZone: 'Europe/Kyiv',
};
/** One that has ended, and one a week on that was canceled: neither can be canceled. */
const PAST = {
  ...SESSION,
  id: 70,
  date: '2026-01-05',
  startsAt: '2026-01-05T10:00:00Z',
  endsAt: '2026-01-05T11:30:00Z',
};
const LATER = {
  ...SESSION,
  id: 72,
  status: 'CANCELED' as const,
  date: '2030-12-09',
  startsAt: '2030-12-09T10:00:00Z',
  endsAt: '2030-12-09T11:30:00Z',
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
  sessions: [PAST, SESSION, LATER],
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
    lists = [json(page([GROUP, { ...GROUP, id: 4, title: 'Ended one', status: 'ENDED', nextSession: null, sessions: [] }]))];
    calls = stub();
    renderPage();
    const row = await screen.findByRole('row', { name: 'Grief circle' });
    for (const text of ['Olena Group', 'Cognitive behavioural therapy (CBT)', 'Open enrolment', '3 / 8', 'Running']) {
      expect(within(row).queryByText(text)).not.toBeNull();
    }
    await waitFor(() => expect(row.textContent).toMatch(/12:00 GMT\+2/));
    const ended = screen.getByRole('row', { name: 'Ended one' });
    expect(ended.textContent).toContain('None ahead');
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

  /** Opens the program's sessions; the one ahead and confirmed is the only one with a Cancel. */
  async function openSessions(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Sessions of Grief circle' }));
    const list = await screen.findByRole('dialog', { name: 'Grief circle: sessions' });
    const item = (n: number, date: string) => within(list).getByRole('listitem', { name: new RegExp(`^Session ${n}: ${date}`) });
    expect(item(1, 'January 5, 2026').textContent).toContain('Completed');
    expect(item(3, 'December 9, 2030').textContent).toContain('Canceled');
    expect(within(list).getAllByRole('button', { name: /^Cancel the session of/ })).toHaveLength(1);
    return { list, item };
  }

  it("cancels a program's session after a confirmation that says every member is told, then shows it canceled", async () => {
    const canceled = { ...SESSION, status: 'CANCELED' as const };
    lists = [json(page([GROUP])), json(page([{ ...GROUP, nextSession: null, sessions: [PAST, canceled, LATER] }]))];
    calls = stub();
    const user = userEvent.setup({ delay: null });
    renderPage();
    const { list, item } = await openSessions(user);
    await user.click(within(item(2, 'December 2, 2030')).getByRole('button', { name: /^Cancel the session of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this group session?' });
    expect(dialog.textContent).toContain('Grief circle');
    expect(dialog.textContent).toContain('every member are told');
    expect(dialog.textContent).toContain('12:00–13:30');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    await screen.findByText('Group session canceled; every member is told');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/admin/group-sessions/${SESSION.id}`]);
    // The list is read again: the session shows canceled in the open program, and the program has none ahead.
    await waitFor(() => expect(item(2, 'December 2, 2030').textContent).toContain('Canceled'));
    expect(within(list).queryAllByRole('button', { name: /^Cancel the session of/ })).toHaveLength(0);
    expect(screen.getByRole('row', { name: 'Grief circle' }).textContent).toContain('None ahead');
  });

  it('keeps the session when the admin steps back', async () => {
    lists = [json(page([GROUP]))];
    calls = stub();
    const user = userEvent.setup({ delay: null });
    renderPage();
    const { item } = await openSessions(user);
    await user.click(within(item(2, 'December 2, 2030')).getByRole('button', { name: /^Cancel the session of/ }));
    await user.click(await screen.findByRole('button', { name: 'Keep session' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this group session?' })).toBeNull());
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
