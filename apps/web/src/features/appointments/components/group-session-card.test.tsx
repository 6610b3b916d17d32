import type { AppointmentListItem } from '@rozmova/contract';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { GroupSessionCard } from './group-session-card';

const HOUR_MS = 3_600_000;

/** A group session of the patient's, starting `hours` from now, on a London clock. */
function entry(hours: number, patch: Partial<AppointmentListItem> = {}): AppointmentListItem {
  const startsAt = new Date(Math.floor((Date.now() + hours * HOUR_MS) / 60_000) * 60_000);
  return {
    id: 41,
    kind: 'GROUP',
    group: { id: 7, title: 'Anxiety circle' },
    status: 'CONFIRMED',
    cancellationReason: null,
    videoCallRoomId: 'room-1',
    doctorId: 3,
    doctorFirstName: 'Olena',
    doctorLastName: 'Koval',
    doctorTimeZone: 'Europe/Kyiv',
    patientId: 5,
    patientFirstName: 'Anna',
    patientLastName: 'Marchuk',
    patientTimeZone: 'Europe/London',
    attendance: null,
    date: '2026-01-13',
    startTime: '17:00',
    endTime: '18:30',
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 1.5 * HOUR_MS).toISOString(),
    timeZone: 'Europe/London',
    ...patch,
  };
}

const renderCard = (a: AppointmentListItem, tab: 'active' | 'archived' = 'active', onSkip = vi.fn()) => {
  renderWithProviders(
    <MemoryRouter>
      <GroupSessionCard appointment={a} tab={tab} onSkip={onSkip} />
    </MemoryRouter>,
  );
  return onSkip;
};

describe('GroupSessionCard', () => {
  it('names the group and its psychologist and offers skipping while the notice allows', () => {
    const onSkip = renderCard(entry(72));
    expect(screen.getByRole('link', { name: 'Anxiety circle' }).getAttribute('href')).toBe('/group/7');
    expect(screen.queryByText('Olena Koval')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Skip this session' }));
    expect(onSkip).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Add to calendar' }).hasAttribute('disabled')).toBe(false);
  });

  it('says why a session less than 24 hours away can no longer be skipped here', () => {
    renderCard(entry(2));
    const skip = screen.getByRole('button', { name: 'Skip this session' });
    expect(skip.hasAttribute('disabled')).toBe(true);
    const hint = document.getElementById(skip.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain(
      'Less than 24 hours are left before this session, so it can no longer be skipped here. Please tell your psychologist.',
    );
    expect(hint?.textContent).toContain('The video room opens 15 minutes before the start.');
  });

  it('shows the member’s attendance in the archive', () => {
    renderCard(entry(-72, { attendance: 'EXCUSED', videoCallRoomId: null }), 'archived');
    expect(screen.queryByText('Skipped with notice')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Skip this session' })).toBeNull();
  });
});
