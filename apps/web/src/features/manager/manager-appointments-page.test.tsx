import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyTexts } from '../../lib/i18n';
import enStaff from '../../lib/texts/en-staff';
import { json } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import ManagerAppointmentsPage from './manager-appointments-page';

beforeAll(() => applyTexts('en', [enStaff]));

// The list's load as the manager sees it: a spinner, a failure with a way to try again, then the list.
describe('ManagerAppointmentsPage, its load', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('spins while loading, says a failed load with a retry, and shows the list the retry brings', async () => {
    localStorage.setItem('token', 't');
    let answerFirst: (r: Response) => void = () => {};
    const answers: (() => Promise<Response>)[] = [() => new Promise((resolve) => (answerFirst = resolve)), async () => json([])];
    const loads = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        if (url.pathname !== '/api/manager/appointments') return json({ timeZone: 'Europe/Kyiv' });
        loads();
        return (answers.shift() ?? (async () => json({}, 500)))();
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RouterProvider router={createMemoryRouter([{ path: '/', element: <ManagerAppointmentsPage /> }])} />);

    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeVisible();
    answerFirst(json({ statusCode: 500, code: 'INTERNAL', message: 'down' }, 500));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role=alert]')).toHaveTextContent('We could not load the appointments. Please try again.');
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();

    await user.click(retry);
    expect(await screen.findByText('No confirmed appointments')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(loads).toHaveBeenCalledTimes(2);
  });
});
