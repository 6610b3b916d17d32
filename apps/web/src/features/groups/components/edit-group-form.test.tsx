import type { GroupProgram } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, staleAnswer, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { EditGroupForm } from './edit-group-form';

const GROUP: GroupProgram = {
  id: 5,
  title: 'Anxiety skills',
  description: 'Eight evenings',
  therapyType: 'KPT',
  capacity: 6,
  enrolment: 'INVITE',
  durationMinutes: 90,
  status: 'ACTIVE',
  seatsLeft: 4,
  memberCount: 2,
  version: 3,
  sessions: [],
};
/** Saved in another tab meanwhile: the description changed there, the title this tab edits did not. */
const ELSEWHERE: GroupProgram = { ...GROUP, description: 'Ten evenings', version: 4 };

// The program's edit form: the version it read goes with each save, and a save refused as stale keeps the typed text
// and shows what was saved elsewhere.
describe('EditGroupForm', { timeout: 20_000 }, () => {
  let calls: Call[];
  /** The answers to the saves, in turn; a read answers the copy saved elsewhere. */
  let saveAnswers: Response[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    saveAnswers = [];
    calls = stubApi(({ path, method }) => {
      if (path !== `/api/psychologist/groups/${GROUP.id}`) return json([]);
      return method === 'GET' ? json(ELSEWHERE) : (saveAnswers.shift() ?? json({}, 500));
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  async function typeTitle() {
    const user = userEvent.setup({ delay: null });
    const router = createMemoryRouter([{ path: '/', element: <EditGroupForm group={GROUP} timeZone="Europe/Kyiv" /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    const title = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    await user.type(title, ' for adults');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    return { user, title };
  }
  const saves = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
  const BODY = { title: 'Anxiety skills for adults', description: 'Eight evenings', capacity: 6 };

  it('sends the version it read with the save, and the next save the version saved', async () => {
    saveAnswers.push(json({ ...GROUP, title: BODY.title, version: 4 }), json({ ...GROUP, version: 5 }));
    const { user, title } = await typeTitle();
    expect(await screen.findByText('Group saved')).toBeVisible();
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()).toEqual([
      { ...BODY, version: 3 },
      { ...BODY, title: 'Anxiety skills for adults!', version: 4 },
    ]);
  });

  it('on a save refused as stale, keeps the typed title, shows the notice and what was saved elsewhere, then saves over it', async () => {
    saveAnswers.push(staleAnswer(), json({ ...ELSEWHERE, title: BODY.title, version: 5 }));
    const { user, title } = await typeTitle();
    const alert = await screen.findByRole('alert', { name: 'Changed elsewhere' });
    expect(title.value).toBe(BODY.title);
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));

    const status = await screen.findByRole('status');
    const part = (field: string, which: string) =>
      within(within(status).getByRole('group', { name: field })).queryByRole('group', { name: which })?.textContent;
    expect(part('Description', 'Saved version')).toBe('Saved versionTen evenings');
    expect(within(status).queryByRole('group', { name: 'Title' })).toBeNull();
    expect(title.value).toBe(BODY.title);
    expect((screen.getByRole('textbox', { name: /^Description/ }) as HTMLTextAreaElement).value).toBe('Ten evenings');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toEqual({ ...BODY, description: 'Ten evenings', version: 4 });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
