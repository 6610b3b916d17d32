import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { CreateGroupForm } from './create-group-form';

/** What the server answered a create with: the program, or a refusal. */
let answer: () => Response;
let calls: Call[];

beforeEach(() => {
  localStorage.setItem('token', 't');
  calls = stubApi(() => answer());
});
afterEach(() => vi.unstubAllGlobals());

/** Fills the form as a psychologist in New York would: a weekly group from Sunday March 3, 2030 at 18:00. */
async function fill(zone = 'America/New_York') {
  const user = userEvent.setup({ delay: null });
  const onCreated = vi.fn();
  renderWithProviders(<CreateGroupForm timeZone={zone} onCreated={onCreated} onCancel={() => {}} onDirty={() => {}} />);
  await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Anxiety skills');
  await user.click(screen.getByRole('combobox', { name: /^Therapy type/ }));
  await user.click(await screen.findByRole('option', { name: 'Cognitive behavioural therapy (CBT)' }));
  const date = screen.getByRole('textbox', { name: /^First session date/ });
  await user.type(date, '2030-03-03');
  await user.tab();
  fireEvent.change(screen.getByLabelText(/^Start time/), { target: { value: '18:00' } });
  const sessions = screen.getByRole('textbox', { name: /^Number of sessions/ });
  await user.clear(sessions);
  await user.type(sessions, '2');
  return { user, onCreated };
}
const posted = () => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('CreateGroupForm', { timeout: 20_000 }, () => {
  it('sends the wall time typed as the instant it is in the psychologist’s zone, across a daylight-saving change', async () => {
    answer = () => json({ id: 7, title: 'Anxiety skills' }, 201);
    const { user, onCreated } = await fill();
    // The preview shows each session on the psychologist's clock: 18:00 both weeks, the zone's name changing.
    const preview = screen.getByTestId('session-preview');
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. March 3, 2030, 18:00–19:30 EST', '2. March 10, 2030, 18:00–19:30 EDT']);
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posted()).toEqual([
      {
        title: 'Anxiety skills',
        description: '',
        therapyType: 'KPT',
        capacity: 3,
        enrolment: 'INVITE',
        firstStartsAt: '2030-03-03T23:00:00.000Z',
        durationMinutes: 90,
        sessionCount: 2,
        repeatDays: 7,
      },
    ]);
  });

  it('names an overlap in words and keeps everything typed', async () => {
    answer = () =>
      json(
        {
          statusCode: 409,
          code: 'OVERLAP',
          message: 'overlap',
          sessionStartsAt: '2030-03-10T22:00:00.000Z',
          clash: { kind: 'INDIVIDUAL', startsAt: '2030-03-10T22:30:00.000Z', endsAt: '2030-03-10T23:30:00.000Z' },
        },
        409,
      );
    const { user, onCreated } = await fill();
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The session of March 10, 2030 18:00 overlaps your individual session on March 10, 2030 18:30–19:30',
    );
    expect(onCreated).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe('Anxiety skills');
    expect((screen.getByLabelText(/^Start time/) as HTMLInputElement).value).toBe('18:00');
  });

  it('refuses a start the clock skips before sending anything', async () => {
    answer = () => json({}, 500);
    const { user } = await fill();
    fireEvent.change(screen.getByLabelText(/^Start time/), { target: { value: '02:30' } });
    const date = screen.getByRole('textbox', { name: /^First session date/ });
    await user.clear(date);
    await user.type(date, '2030-03-10');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.getByLabelText(/^Start time/)).toHaveAccessibleDescription(/Your clock skips this time/));
    expect(posted()).toEqual([]);
  });
});
