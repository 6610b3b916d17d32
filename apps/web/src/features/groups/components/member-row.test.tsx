import type { GroupMember } from '@rozmova/contract';
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { takeReportRequests } from '../../../lib/report-opener';
import { renderWithProviders } from '../../../test/render';
import { MemberRow } from './member-row';

const MEMBER: GroupMember = {
  patientId: 1,
  firstName: 'Olena',
  lastName: 'Koval',
  birthDate: null,
  joinedAt: '2026-03-01T10:00:00.000Z',
  attendance: {},
  upcomingIndividual: 2,
  // 12:30 UTC reads 14:30 in Kyiv in March (GMT+2).
  nextIndividualAt: '2026-03-07T12:30:00.000Z',
};

const renderRow = (member: GroupMember) =>
  renderWithProviders(
    <RouterProvider
      router={createMemoryRouter([
        {
          path: '/',
          element: (
            <ul>
              <MemberRow member={member} timeZone="Europe/Kyiv" canRemove={false} onRemove={() => {}} />
            </ul>
          ),
        },
      ])}
    />,
  );

// Beside the group, a member's individual sessions with the psychologist: how many, and when the next one starts.
describe('MemberRow', () => {
  it("shows when the member's next individual session starts, on the psychologist's clock with its zone", async () => {
    renderRow(MEMBER);
    expect(
      await screen.findByText('Joined March 1, 2026 · Individual sessions ahead: 2 · next March 7, 2026 14:30 GMT+2'),
    ).toBeVisible();
  });

  it('says nothing of individual sessions when there are none ahead', async () => {
    renderRow({ ...MEMBER, upcomingIndividual: 0, nextIndividualAt: null });
    expect(await screen.findByText('Joined March 1, 2026')).toBeVisible();
  });

  it("opens a report about the member, focus to come back to its button, and links to the member's conversation", async () => {
    renderRow(MEMBER);
    const requests: unknown[] = [];
    const stop = takeReportRequests((r) => requests.push(r));
    const report = await screen.findByRole('button', { name: 'Create report about Olena Koval' });
    fireEvent.click(report);
    stop();
    expect(requests).toEqual([{ patientId: 1, opener: report }]);
    expect(screen.getByRole('link', { name: 'Send message to Olena Koval' }).getAttribute('href')).toBe('/messages?to=1');
  });
});
