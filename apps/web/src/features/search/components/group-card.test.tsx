import type { GroupSession, PublicGroup } from '@rozmova/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { GroupCard } from './group-card';

/** A session as the server gives it to a viewer in `timeZone`: the wall clock there, and the instants. */
const session = (id: number, timeZone: string, date: string, startTime: string, endTime: string, startsAt: string) =>
  ({
    id,
    status: 'CONFIRMED',
    videoCallRoomId: null,
    date,
    startTime,
    endTime,
    startsAt,
    endsAt: startsAt,
    timeZone,
  }) as GroupSession;

const group = (sessions: GroupSession[]): PublicGroup => ({
  id: 7,
  title: 'Anxiety circle',
  description: 'A small group for everyday anxiety.',
  therapyType: 'KPT',
  capacity: 6,
  enrolment: 'OPEN',
  durationMinutes: 90,
  status: 'ACTIVE',
  seatsLeft: 2,
  psychologist: { id: 3, firstName: 'Olena', lastName: 'Koval', timeZone: 'Europe/Kyiv' },
  member: false,
  sessions,
});

const renderCard = (g: PublicGroup) =>
  renderWithProviders(
    <MemoryRouter>
      <GroupCard group={g} />
    </MemoryRouter>,
  );

describe('GroupCard', () => {
  it('shows the sessions on the patient’s clock with their zone, not the psychologist’s', () => {
    // 19:00 in Kyiv on 13 January 2026 is 12:00 in New York (EST).
    renderCard(group([session(1, 'America/New_York', '2026-01-13', '12:00', '13:30', '2026-01-13T17:00:00Z')]));
    const card = screen.getByRole('article', { name: 'Anxiety circle' });
    expect(card.textContent).toContain('Times in your time zone: New York');
    const sessions = within(card).getByRole('list', { name: 'Sessions' });
    expect(sessions.textContent).toContain('January 13, 2026');
    expect(sessions.textContent).toContain('12:00–13:30 EST');
    expect(sessions.textContent).not.toContain('19:00');
    expect(card.textContent).toContain('Olena Koval');
    expect(card.textContent).toContain('Free seats: 2 of 6');
  });

  it('names each session’s own offset across a daylight-saving change, and counts the sessions not listed', () => {
    const london = [
      session(1, 'Europe/London', '2026-03-24', '17:00', '18:30', '2026-03-24T17:00:00Z'),
      session(2, 'Europe/London', '2026-03-31', '17:00', '18:30', '2026-03-31T16:00:00Z'),
      session(3, 'Europe/London', '2026-04-07', '17:00', '18:30', '2026-04-07T16:00:00Z'),
      session(4, 'Europe/London', '2026-04-14', '17:00', '18:30', '2026-04-14T16:00:00Z'),
      session(5, 'Europe/London', '2026-04-21', '17:00', '18:30', '2026-04-21T16:00:00Z'),
    ];
    renderCard(group(london));
    const items = within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'March 24, 2026, 17:00–18:30 GMT',
      'March 31, 2026, 17:00–18:30 GMT+1',
      'April 7, 2026, 17:00–18:30 GMT+1',
    ]);
    const card = screen.getByRole('article', { name: 'Anxiety circle' });
    expect(card.textContent).toContain('Times in your time zone: London');
    expect(card.textContent).toContain('More sessions: 2');
  });
});
