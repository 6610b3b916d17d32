import { DAYS_OF_WEEK } from '@rozmova/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ScheduleEditor } from './schedule-editor';

type Call = { method: string; ifMatch: string | null; body: unknown };

const ELSEWHERE = [{ dayOfWeek: 'TUESDAY', timeSlots: [{ startTime: '12:00', endTime: '13:00' }] }];
/** The whole week as the editor sends it: Monday 09:00–10:00 chosen, every other day empty. */
const MINE = DAYS_OF_WEEK.map((dayOfWeek) => ({
  dayOfWeek,
  timeSlots: dayOfWeek === 'MONDAY' ? [{ startTime: '09:00', endTime: '10:00' }] : [],
}));

const json = (body: unknown, status: number, etag?: string) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(etag ? { etag } : {}) },
  });

// The week editor when a save meets a week saved elsewhere meanwhile (another tab): the ETag goes back in If-Match.
describe('ScheduleEditor, a stale save', { timeout: 20_000 }, () => {
  let calls: Call[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    calls = [];
    const answers = [
      json({ statusCode: 409, code: 'STALE', message: 'changed' }, 409),
      json(ELSEWHERE, 200, '"2"'),
      json([MINE[0]], 200, '"3"'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: URL, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
        calls.push({ method: init.method ?? 'GET', ifMatch: headers['if-match'] ?? null, body });
        return answers.shift() ?? json({}, 500);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('keeps the chosen slots through the reload and saves them over the fresh week', async () => {
    const user = userEvent.setup({ delay: null });
    const router = createMemoryRouter([{ path: '/', element: <ScheduleEditor saved={{ week: [], etag: '"1"' }} /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    const monday9 = () => screen.getByRole('checkbox', { name: '09:00–10:00' }) as HTMLInputElement;
    await user.click(monday9());
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));

    const alert = await screen.findByRole('alert', { name: 'Changed elsewhere' });
    expect(monday9().checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your changes are still in the form');
    expect(alert.isConnected).toBe(false);
    expect(monday9().checked).toBe(true);

    // Saving now sends the chosen slots with the fresh week's ETag.
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual([
      { method: 'POST', ifMatch: '"1"', body: MINE },
      { method: 'GET', ifMatch: null, body: undefined },
      { method: 'POST', ifMatch: '"2"', body: MINE },
    ]);
  });
});
