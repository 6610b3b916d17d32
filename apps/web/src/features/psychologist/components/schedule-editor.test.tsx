import { DAYS_OF_WEEK } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ScheduleEditor } from './schedule-editor';

type Call = { method: string; ifMatch: string | null; body: unknown };

const slot = (startTime: string, endTime: string) => ({ startTime, endTime });
/** Saved in another tab meanwhile: Monday moved to 10:00, Tuesday added. */
const ELSEWHERE = [
  { dayOfWeek: 'MONDAY', timeSlots: [slot('10:00', '11:00')] },
  { dayOfWeek: 'TUESDAY', timeSlots: [slot('12:00', '13:00')] },
];
/** The whole week as the editor sends it, Monday 09:00–10:00 chosen and `also` beside. */
const week = (also: Record<string, ReturnType<typeof slot>[]> = {}) =>
  DAYS_OF_WEEK.map((dayOfWeek) => ({
    dayOfWeek,
    timeSlots: dayOfWeek === 'MONDAY' ? [slot('09:00', '10:00')] : (also[dayOfWeek] ?? []),
  }));
const MINE = week();

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
      json([MINE[0], ELSEWHERE[1]], 200, '"3"'),
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

  it('keeps the chosen slots through the reload, shows each day saved elsewhere beside them, and keeps the untouched day saved elsewhere', async () => {
    const user = userEvent.setup({ delay: null });
    const router = createMemoryRouter([{ path: '/', element: <ScheduleEditor saved={{ week: [], etag: '"1"' }} /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    const monday9 = () => screen.getByRole('checkbox', { name: '09:00–10:00' }) as HTMLInputElement;
    await user.click(monday9());
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));

    const alert = await screen.findByRole('alert', { name: 'Changed elsewhere' });
    expect(monday9().checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('What you typed is still in the form');
    expect(alert.isConnected).toBe(false);
    expect(monday9().checked).toBe(true);

    // Monday was changed on both sides: the saved slots beside the chosen ones. Tuesday only elsewhere: taken over.
    const day = (name: string) => within(status).getByRole('group', { name });
    const value = (name: string, which: string) => within(day(name)).getByRole('group', { name: which }).textContent;
    expect(value('Monday', 'Saved version')).toBe('Saved version10:00–11:00');
    expect(value('Monday', 'In your form')).toBe('In your form09:00–10:00');
    expect(value('Tuesday', 'Saved version')).toBe('Saved version12:00–13:00');
    expect(within(day('Tuesday')).queryByRole('group', { name: 'In your form' })).toBeNull();
    expect(within(status).queryByRole('group', { name: 'Wednesday' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: /Tue/ }));
    expect((screen.getByRole('checkbox', { name: '12:00–13:00' }) as HTMLInputElement).checked).toBe(true);

    // Saving now sends the chosen slots and Tuesday's with the fresh week's ETag.
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual([
      { method: 'POST', ifMatch: '"1"', body: MINE },
      { method: 'GET', ifMatch: null, body: undefined },
      { method: 'POST', ifMatch: '"2"', body: week({ TUESDAY: [slot('12:00', '13:00')] }) },
    ]);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
