import type { AppointmentListItem, PastVisit } from '@rozmova/contract';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyTexts } from '../../../lib/i18n';
import enStaff from '../../../lib/texts/en-staff';
import ukStaff from '../../../lib/texts/uk-staff';
import { json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { AppointmentRows } from './appointment-rows';
import { PastVisits } from './past-visits';

const WHEN = { date: '2026-03-02', startTime: '10:00', endTime: '11:30', timeZone: 'Europe/Kyiv' };
const hh = (hour: number) => String(hour).padStart(2, '0');
const at = (hour: number) => ({ startsAt: `2026-03-02T${hh(hour)}:00:00Z`, endsAt: `2026-03-02T${hh(hour + 1)}:30:00Z` });

const entry = (id: number, over: Partial<AppointmentListItem>): AppointmentListItem => ({
  ...WHEN,
  ...at(8),
  id,
  kind: 'GROUP',
  group: { id: 5, title: `Circle ${id}` },
  status: 'CONFIRMED',
  cancellationReason: null,
  videoCallRoomId: null,
  doctorId: 9,
  doctorFirstName: 'Olena',
  doctorLastName: 'Group',
  doctorTimeZone: 'Europe/Kyiv',
  patientId: 3,
  patientFirstName: 'Maria',
  patientLastName: 'B',
  patientTimeZone: 'Europe/Kyiv',
  attendance: null,
  ...over,
});

const visit = (id: number, over: Partial<PastVisit>): PastVisit => ({
  ...WHEN,
  ...at(8),
  id,
  kind: 'GROUP',
  group: { id: 5, title: `Circle ${id}` },
  attendance: null,
  status: 'CONFIRMED',
  inProgram: true,
  doctorId: 9,
  doctorFirstName: 'Olena',
  doctorLastName: 'Group',
  patientReview: null,
  ...over,
});

const inRouter = (ui: ReactElement) =>
  renderWithProviders(<RouterProvider router={createMemoryRouter([{ path: '/', element: ui }])} />);

/** The text of the card that names this group. */
const card = (title: string) => screen.getByText(`Group: ${title}`).closest('article') as HTMLElement;

beforeAll(() => applyTexts('en', [enStaff]));
afterEach(() => vi.unstubAllGlobals());

// A manager sees how their patient took part in each group session, beside the group's title.
describe("a manager's patient's group sessions", { timeout: 20_000 }, () => {
  it('shows each mark, "not marked yet" for an ended session without one, and nothing for one still ahead', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T12:00:00Z'));
    inRouter(
      <AppointmentRows
        withPatient={false}
        emptyTitle="none"
        appointments={[
          entry(1, { attendance: 'ATTENDED' }),
          entry(2, { attendance: 'NO_SHOW' }),
          entry(3, { attendance: 'LATE_CANCEL' }),
          entry(4, { attendance: 'EXCUSED', ...at(14) }),
          entry(5, {}),
          entry(6, at(14)),
          entry(7, { status: 'CANCELED' }),
        ]}
      />,
    );
    vi.useRealTimers();
    const marks: Record<string, string | null> = {
      'Circle 1': 'Attended',
      'Circle 2': 'No-show',
      'Circle 3': 'Late cancel',
      'Circle 4': 'Excused (skipped in time)',
      'Circle 5': 'Not marked yet',
      'Circle 6': null,
      'Circle 7': null,
    };
    for (const [title, mark] of Object.entries(marks)) {
      const shown = within(card(title)).queryByText('Attendance:');
      if (mark === null) expect(shown, title).toBeNull();
      else expect(shown?.parentElement?.textContent, title).toBe(`Attendance:${mark}`);
    }
  });

  it('shows the mark on past visits, not on a canceled session or an individual one', async () => {
    stubApi(() =>
      json([
        visit(1, { attendance: 'ATTENDED' }),
        visit(2, {}),
        visit(3, { status: 'CANCELED' }),
        visit(4, { kind: 'INDIVIDUAL', group: null }),
      ]),
    );
    inRouter(<PastVisits patientId={3} />);
    await screen.findByText('Group: Circle 1');
    expect(card('Circle 1').textContent).toContain('Attendance:Attended');
    expect(card('Circle 2').textContent).toContain('Attendance:Not marked yet');
    expect(within(card('Circle 3')).queryByText('Attendance:')).toBeNull();
    expect(screen.getAllByText('Attendance:')).toHaveLength(2);
  });

  it('has every mark in Ukrainian', async () => {
    await applyTexts('uk', [ukStaff]);
    try {
      const { default: i18n } = await import('i18next');
      for (const key of ['label', 'ATTENDED', 'NO_SHOW', 'LATE_CANCEL', 'EXCUSED', 'none']) {
        const text = i18n.t(`manager.attendance.${key}`);
        expect(text).not.toBe(`manager.attendance.${key}`);
        expect(text).not.toBe(i18n.t(`manager.attendance.${key}`, { lng: 'en' }));
      }
    } finally {
      await applyTexts('en', []);
    }
  });
});
