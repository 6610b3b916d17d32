import type { PsychologistProfile } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, staleAnswer, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { PsychologistProfileForm } from './psychologist-profile-form';

const PROFILE: PsychologistProfile = {
  firstName: 'Petro',
  lastName: 'Psy',
  experience: 5,
  therapyTypes: ['KPT'],
  languages: ['uk'],
  specialties: 'anxiety',
  education: 'KNU',
  certificates: '',
  description: 'I help',
  avatarUrl: null,
  verified: true,
  verification: { state: 'APPROVED', reason: null, decidedAt: null },
  version: 3,
};
/** Saved in another tab meanwhile: the same text changed, and two fields this tab leaves alone. */
const ELSEWHERE = {
  ...PROFILE,
  specialties: 'burnout',
  therapyTypes: ['KPT', 'GESTALT_TERAPIA'],
  description: 'Changed there',
  version: 4,
} satisfies PsychologistProfile;
const BODY = {
  firstName: 'Petro',
  lastName: 'Psy',
  experience: 5,
  therapyTypes: ['KPT'],
  languages: ['uk'],
  specialties: 'anxiety',
  education: 'KNU',
  certificates: '',
  description: 'I help adults',
};

// The psychologist's profile form: the version it read goes with each save, and a save refused as stale keeps the
// typed text and shows what was saved elsewhere.
describe('PsychologistProfileForm', { timeout: 20_000 }, () => {
  let calls: Call[];
  /** The answers to the saves, in turn; a read answers the copy saved elsewhere. */
  let saveAnswers: Response[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    saveAnswers = [];
    calls = stubApi(({ path, method }) => {
      if (path === '/api/therapy-types') return json(['KPT', 'GESTALT_TERAPIA']);
      if (path !== '/api/psychologist/profile') return json({}, 404);
      return method === 'GET' ? json(ELSEWHERE) : (saveAnswers.shift() ?? json({}, 500));
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  async function typeDescription() {
    const user = userEvent.setup({ delay: null });
    const router = createMemoryRouter([{ path: '/', element: <PsychologistProfileForm profile={PROFILE} /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    const description = screen.getByRole('textbox', { name: 'About me' }) as HTMLTextAreaElement;
    await user.type(description, ' adults');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    return { user, description };
  }
  const saves = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

  it('sends the version it read with the save, and the next save the version saved', async () => {
    saveAnswers.push(json({ ...PROFILE, description: 'I help adults', version: 4 }), json({ ...PROFILE, version: 5 }));
    const { user, description } = await typeDescription();
    expect(await screen.findByText('Saved successfully')).toBeVisible();
    await user.type(description, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()).toEqual([
      { ...BODY, version: 3 },
      { ...BODY, description: 'I help adults!', version: 4 },
    ]);
  });

  it('on a save refused as stale, keeps the typed text, shows what was saved elsewhere and saves over it', async () => {
    saveAnswers.push(staleAnswer(), json({ ...ELSEWHERE, version: 5 }));
    const { user, description } = await typeDescription();
    const alert = await screen.findByRole('alert', { name: 'Changed elsewhere' });
    expect(description.value).toBe('I help adults');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));

    const status = await screen.findByRole('status');
    const part = (field: string, which: string) =>
      within(within(status).getByRole('group', { name: field })).queryByRole('group', { name: which })?.textContent;
    expect(part('About me', 'Saved version')).toBe('Saved versionChanged there');
    expect(part('About me', 'In your form')).toBe('In your formI help adults');
    expect(part('Specialties', 'Saved version')).toBe('Saved versionburnout');
    expect(part('Specialties', 'In your form')).toBeUndefined();
    expect(part('Therapy approaches', 'Saved version')).toBe('Saved versionCognitive behavioural therapy (CBT), Gestalt therapy');
    expect(within(status).queryByRole('group', { name: /First name/ })).toBeNull();
    expect(description.value).toBe('I help adults');
    expect((screen.getByRole('textbox', { name: 'Specialties' }) as HTMLTextAreaElement).value).toBe('burnout');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toEqual({
      ...BODY,
      specialties: 'burnout',
      therapyTypes: ['KPT', 'GESTALT_TERAPIA'],
      version: 4,
    });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
