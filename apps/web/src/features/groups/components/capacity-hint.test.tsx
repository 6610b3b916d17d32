import { GROUP_MESH_MAX_PEOPLE } from '@rozmova/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CapacityHint, needsMediaServer } from './capacity-hint';

describe('CapacityHint', () => {
  it('counts the psychologist among the people a call holds', () => {
    expect(GROUP_MESH_MAX_PEOPLE).toBe(4);
    expect(needsMediaServer(3)).toBe(false);
    expect(needsMediaServer(4)).toBe(true);
  });

  it('says plainly what the built-in room holds when the group fits it', () => {
    renderWithProviders(<CapacityHint capacity={3} />);
    expect(screen.getByTestId('capacity-hint').textContent).toBe(
      'Calls in the built-in video room hold up to 4 people in all: you and 3 members.',
    );
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('warns that a larger group needs the media server', () => {
    renderWithProviders(<CapacityHint capacity={12} />);
    const note = screen.getByRole('note', { name: 'Call size' });
    expect(note.textContent).toContain('12 members and you make 13 people');
    expect(note.textContent).toContain('up to 4 people in all');
    expect(note.textContent).toContain('needs the media server, when the platform has one');
  });
});
