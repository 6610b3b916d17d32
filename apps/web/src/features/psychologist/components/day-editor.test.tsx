import type { DayOfWeek } from '@rozmova/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DayEditor } from './day-editor';
import type { DayPlan } from './schedule-model';

/** The editor as the week editor holds it: the plan in state, every change also reported to `onChange`. */
function Week({ initial, onChange }: { initial: DayPlan; onChange: (plan: DayPlan) => void }) {
  const [plan, setPlan] = useState(initial);
  const day: DayOfWeek = 'MONDAY';
  return (
    <DayEditor
      day={day}
      plan={plan}
      onChange={(next) => {
        setPlan(next);
        onChange(next);
      }}
    />
  );
}

function setup(initial: DayPlan = { duration: 60, starts: [] }) {
  const onChange = vi.fn<(plan: DayPlan) => void>();
  const user = userEvent.setup();
  renderWithProviders(<Week initial={initial} onChange={onChange} />);
  const slot = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;
  return { user, onChange, slot };
}

// A weekday's slot editor: toggling slots, the quick actions, and what a new slot length keeps or drops.
describe('DayEditor', () => {
  it('offers the 60-minute grid in three parts of the day', () => {
    setup();
    const night = screen.getByRole('group', { name: 'Night and morning, 00:00–08:00' });
    const work = screen.getByRole('group', { name: 'Working hours, 08:00–18:00' });
    const evening = screen.getByRole('group', { name: 'Evening, 18:00–24:00' });
    expect(within(night).getAllByRole('checkbox')).toHaveLength(8);
    expect(within(work).getAllByRole('checkbox')).toHaveLength(10);
    expect(within(evening).getAllByRole('checkbox')).toHaveLength(6);
    expect(screen.getAllByRole('checkbox').some((c) => (c as HTMLInputElement).checked)).toBe(false);
  });

  it('adds a slot and removes it again', async () => {
    const { user, onChange, slot } = setup();
    await user.click(slot('09:00–10:00'));
    expect(onChange).toHaveBeenLastCalledWith({ duration: 60, starts: [540] });
    expect(slot('09:00–10:00').checked).toBe(true);

    await user.click(slot('20:00–21:00'));
    expect(onChange).toHaveBeenLastCalledWith({ duration: 60, starts: [540, 1200] });

    await user.click(slot('09:00–10:00'));
    expect(onChange).toHaveBeenLastCalledWith({ duration: 60, starts: [1200] });
    expect(slot('09:00–10:00').checked).toBe(false);
    expect(slot('20:00–21:00').checked).toBe(true);
  });

  it('fills the working hours, keeping slots already chosen, and clears the day', async () => {
    const { user, onChange, slot } = setup({ duration: 60, starts: [420] });
    await user.click(screen.getByRole('button', { name: 'Fill working hours' }));
    expect(onChange).toHaveBeenLastCalledWith({ duration: 60, starts: [420, 480, 540, 600, 660, 720, 780, 840, 900, 960, 1020] });
    const work = screen.getByRole('group', { name: 'Working hours, 08:00–18:00' });
    expect(
      within(work)
        .getAllByRole('checkbox')
        .every((c) => (c as HTMLInputElement).checked),
    ).toBe(true);
    expect(slot('07:00–08:00').checked).toBe(true);
    expect(slot('18:00–19:00').checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Clear day' }));
    expect(onChange).toHaveBeenLastCalledWith({ duration: 60, starts: [] });
    expect(screen.getAllByRole('checkbox').some((c) => (c as HTMLInputElement).checked)).toBe(false);
  });

  it('offers Clear day only when the day has slots', async () => {
    const { user, slot } = setup();
    const clear = screen.getByRole('button', { name: 'Clear day' }) as HTMLButtonElement;
    expect(clear.disabled).toBe(true);
    await user.click(slot('10:00–11:00'));
    expect(clear.disabled).toBe(false);
  });

  it('a longer slot length drops the slots off its grid and says so', async () => {
    const { user, onChange, slot } = setup({ duration: 60, starts: [540, 600] });
    await user.click(screen.getByRole('radio', { name: '120 min' }));
    expect(onChange).toHaveBeenLastCalledWith({ duration: 120, starts: [600] });
    expect(slot('10:00–12:00').checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: '09:00–10:00' })).toBeNull();
    expect(await screen.findByText('Some selected slots did not fit the new slot length and were removed.')).toBeVisible();
  });

  it('a shorter slot length keeps every slot without a notice', async () => {
    const { user, onChange, slot } = setup({ duration: 60, starts: [540, 600] });
    await user.click(screen.getByRole('radio', { name: '30 min' }));
    expect(onChange).toHaveBeenLastCalledWith({ duration: 30, starts: [540, 600] });
    expect(slot('09:00–09:30').checked).toBe(true);
    expect(slot('09:30–10:00').checked).toBe(false);
    expect(screen.getAllByRole('checkbox')).toHaveLength(48);
    expect(screen.queryByText(/did not fit the new slot length/)).toBeNull();
  });
});
