import type { PatientAppointment } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, staleAnswer, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import ReviewModal from './review-modal';

const VISIT: PatientAppointment = {
  id: 31,
  kind: 'INDIVIDUAL',
  group: null,
  attendance: null,
  date: '2026-03-02',
  startTime: '10:00',
  endTime: '11:00',
  startsAt: '2026-03-02T08:00:00Z',
  endsAt: '2026-03-02T09:00:00Z',
  timeZone: 'Europe/Kyiv',
  status: 'CONFIRMED',
  cancellationReason: null,
  videoCallRoomId: null,
  doctorId: 4,
  doctorFirstName: 'Maria',
  doctorLastName: 'Bondar',
  patientId: 9,
  patientFirstName: 'Oleh',
  patientLastName: 'Lysenko',
  doctorTimeZone: 'Europe/Kyiv',
  patientTimeZone: 'Europe/Kyiv',
  patientReview: '<p>Good</p>',
  patientReviewedAt: '2026-03-02T10:00:00.000Z',
};
/** Saved in another tab meanwhile. */
const ELSEWHERE = { ...VISIT, patientReview: '<p>Changed there</p>', patientReviewedAt: '2026-03-02T10:05:00.000Z' };

// The patient's feedback on a visit: when the feedback it replaces was saved goes with the save, and a save refused as
// stale keeps the typed text and shows the saved feedback beside it.
describe('ReviewModal, a stale save', { timeout: 20_000 }, () => {
  let calls: Call[];
  let saveAnswers: Response[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    saveAnswers = [staleAnswer(), json({ ...ELSEWHERE, patientReview: '<p>Very Good</p>' })];
    calls = stubApi(({ path, method }) => {
      if (path === '/api/patient/appointments') return json([ELSEWHERE]);
      if (path === '/api/patient/appointments/31/review' && method === 'PUT') return saveAnswers.shift() ?? json({}, 500);
      return json({}, 404);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the typed feedback, shows the saved one beside it, and saves over the fresh one', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithProviders(<ReviewModal appointment={VISIT} onClose={onClose} />);
    const editor = screen.getByRole('textbox', { name: 'Feedback' });
    // The dialog first puts the focus on its close button; then click where ProseMirror keeps its caret, the start of
    // the first paragraph (happy-dom has no layout), and type there.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' })));
    const first = editor.firstElementChild as HTMLElement;
    await user.pointer({ keys: '[MouseLeft]', target: first, offset: 0 });
    await user.keyboard('Very ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert', { name: 'Changed elsewhere' });
    expect(editor.textContent).toBe('Very Good');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    const feedback = within(await screen.findByRole('status')).getByRole('group', { name: 'Feedback' });
    expect(within(feedback).getByRole('group', { name: 'Saved version' }).textContent).toBe('Saved versionChanged there');
    expect(within(feedback).getByRole('group', { name: 'In your form' }).textContent).toBe('In your formVery Good');
    expect(editor.textContent).toBe('Very Good');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/patient/appointments/31/review', { review: '<p>Very Good</p>', reviewedAt: VISIT.patientReviewedAt }],
      ['GET', '/api/patient/appointments', undefined],
      ['PUT', '/api/patient/appointments/31/review', { review: '<p>Very Good</p>', reviewedAt: ELSEWHERE.patientReviewedAt }],
    ]);
  });
});
