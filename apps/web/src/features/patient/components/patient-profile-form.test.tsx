import type { PatientProfile } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, staleAnswer, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { PatientProfileForm } from './patient-profile-form';

const PROFILE: PatientProfile = {
  firstName: 'Olena',
  lastName: 'Koval',
  dateOfBirth: '1990-05-01',
  aboutMe: 'Quiet',
  therapyGoals: 'Sleep',
  avatarUrl: null,
  country: null,
  crisisCountry: 'UA',
  version: 2,
};
/** Saved in another tab meanwhile: the goals this tab edits, and the birth date it leaves alone. */
const ELSEWHERE: PatientProfile = { ...PROFILE, dateOfBirth: '1991-03-14', therapyGoals: 'Calm', version: 3 };

// The patient's profile form: the version it read goes with the save, and a save refused as stale keeps the typed
// text and shows what was saved elsewhere.
describe('PatientProfileForm, a stale save', { timeout: 20_000 }, () => {
  let calls: Call[];
  let saveAnswers: Response[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    saveAnswers = [staleAnswer(), json({ ...ELSEWHERE, therapyGoals: 'Sleep well', version: 4 })];
    calls = stubApi(({ path, method }) => {
      if (path !== '/api/patient/profile') return json({}, 404);
      return method === 'GET' ? json(ELSEWHERE) : (saveAnswers.shift() ?? json({}, 500));
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the typed goals beside the saved ones, takes the birth date saved elsewhere, and saves over it', async () => {
    const user = userEvent.setup({ delay: null });
    const router = createMemoryRouter([{ path: '/', element: <PatientProfileForm profile={PROFILE} /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    const goals = screen.getByRole('textbox', { name: 'Therapy goals' }) as HTMLTextAreaElement;
    await user.type(goals, ' well');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert', { name: 'Changed elsewhere' });
    expect(goals.value).toBe('Sleep well');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    const status = await screen.findByRole('status');
    const part = (field: string, which: string) =>
      within(within(status).getByRole('group', { name: field })).queryByRole('group', { name: which })?.textContent;
    expect(part('Therapy goals', 'Saved version')).toBe('Saved versionCalm');
    expect(part('Therapy goals', 'In your form')).toBe('In your formSleep well');
    expect(part('Date of birth', 'Saved version')).toBe('Saved versionMarch 14, 1991');
    expect(part('Date of birth', 'In your form')).toBeUndefined();
    expect(within(status).queryByRole('group', { name: 'About me' })).toBeNull();
    expect(goals.value).toBe('Sleep well');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const body = { firstName: 'Olena', lastName: 'Koval', aboutMe: 'Quiet', therapyGoals: 'Sleep well' };
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ['PUT', { ...body, dateOfBirth: '1990-05-01', version: 2 }],
      ['GET', undefined],
      ['PUT', { ...body, dateOfBirth: '1991-03-14', version: 3 }],
    ]);
  });
});
