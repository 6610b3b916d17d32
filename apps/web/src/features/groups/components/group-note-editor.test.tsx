import type { GroupNote } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, staleAnswer, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { GroupNoteEditor } from './group-note-editor';

const SESSION_ID = 71;
const NOTE_PATH = `/api/psychologist/group-sessions/${SESSION_ID}/note`;
/** A note no one has written yet, as the API answers it. */
const EMPTY: GroupNote = { content: '', version: 0, updatedAt: null };
/** Written in another tab meanwhile. */
const ELSEWHERE: GroupNote = { content: '<p>From the other tab</p>', version: 1, updatedAt: '2026-03-02T10:00:00Z' };

// The psychologist's note on one group session: the version it read goes with each save (0 for a note not yet
// written), and a save refused as stale keeps the typed text and shows the notice.
// The rich-text editor makes these slow component tests: give them room on a busy machine.
describe('GroupNoteEditor', { timeout: 20_000 }, () => {
  let calls: Call[];
  /** The answers to the reads and the saves, in turn. */
  let reads: Response[];
  let saveAnswers: Response[];

  beforeEach(() => {
    localStorage.setItem('token', 't');
    reads = [json(EMPTY)];
    saveAnswers = [];
    calls = stubApi(({ path, method }) => {
      if (path !== NOTE_PATH) return json({}, 404);
      return method === 'GET' ? (reads.shift() ?? json({}, 500)) : (saveAnswers.shift() ?? json({}, 500));
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  async function typeNote(text: string) {
    const user = userEvent.setup({ delay: null });
    const onDirty = vi.fn();
    renderWithProviders(<GroupNoteEditor sessionId={SESSION_ID} timeZone="Europe/Kyiv" onDirty={onDirty} />);
    const note = await screen.findByRole('textbox', { name: 'Group note' });
    // ProseMirror keeps its caret at the start of the first paragraph; happy-dom has no layout to click elsewhere.
    const typeAtStart = async (more: string) => {
      const first = note.firstElementChild as HTMLElement;
      await user.pointer({ keys: '[MouseLeft]', target: first, offset: first.textContent ? 0 : undefined });
      await user.keyboard(more);
      await user.click(screen.getByRole('button', { name: 'Save note' }));
    };
    await typeAtStart(text);
    return { user, note, onDirty, typeAtStart };
  }
  const saves = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

  it("sends version 0 with a new note's first save, and the saved version with the next", async () => {
    saveAnswers.push(
      json({ content: '<p>Calm start</p>', version: 1, updatedAt: '2026-03-02T10:00:00Z' }),
      json({ content: '<p>Then: Calm start</p>', version: 2, updatedAt: '2026-03-02T10:05:00Z' }),
    );
    const { onDirty, typeAtStart } = await typeNote('Calm start');
    expect(await screen.findByText('Note saved')).toBeVisible();
    expect(onDirty).toHaveBeenLastCalledWith(false);
    await typeAtStart('Then: ');
    await waitFor(() => expect(saves()).toHaveLength(2));
    // Where the caret lands in the saved text is the editor's affair (happy-dom has no layout); the version is ours.
    expect(saves()).toEqual([
      { content: '<p>Calm start</p>', version: 0 },
      { content: expect.stringMatching(/^<p>(Then: Calm start|Calm startThen: )<\/p>$/), version: 1 },
    ]);
  });

  it('on a save refused as stale, keeps the typed text, shows the notice and what was saved, then saves over it', async () => {
    saveAnswers.push(staleAnswer(), json({ content: '<p>Mine</p>', version: 2, updatedAt: '2026-03-02T10:05:00Z' }));
    reads.push(json(ELSEWHERE));
    const { user, note } = await typeNote('Mine');
    const alert = await screen.findByRole('alert', { name: 'Changed elsewhere' });
    expect(note.textContent).toBe('Mine');
    expect(saves()).toEqual([{ content: '<p>Mine</p>', version: 0 }]);

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    const status = await screen.findByRole('status');
    const part = (which: string) =>
      within(within(status).getByRole('group', { name: 'Group note' })).queryByRole('group', { name: which })?.textContent;
    expect(part('Saved version')).toBe('Saved versionFrom the other tab');
    expect(part('In your form')).toBe('In your formMine');
    expect(note.textContent).toBe('Mine');

    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toEqual({ content: '<p>Mine</p>', version: 1 });
    expect(await screen.findByText('Note saved')).toBeVisible();
  });
});
