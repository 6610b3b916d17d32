import type { ClinicalRecord } from '@rozmova/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RecordForm } from './record-form';

type Call = { method: string; path: string; body: unknown };

const SAVED: ClinicalRecord = {
  id: 7,
  content: '<p>Old note</p>',
  privacyLevel: 'DOCTOR_MANAGER',
  patientId: 12,
  patientFirstName: 'Olena',
  patientLastName: 'Koval',
  createdAt: '2026-03-01T10:00:00Z',
  version: 3,
  report: null,
};

/** The form around the note field; toasts are alerts too, outside it. */
const form = (note: HTMLElement) => note.closest('form') as HTMLFormElement;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API the form calls: the patient list, and a save answered by `saves` in turn; every call is recorded. */
function serve(calls: Call[], saves: Response[]) {
  return vi.fn(async (url: URL, init: RequestInit) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init.method ?? 'GET', path: url.pathname, body });
    if (url.pathname === '/api/doctor/patients/for-records') return json([{ id: 12, firstName: 'Olena', lastName: 'Koval' }]);
    if (url.pathname.startsWith('/api/api/records')) return saves.shift() ?? json({}, 500);
    return json({}, 404);
  });
}

// A psychologist's note form: what a save sends, the required note text, and nothing typed lost when a save fails.
// The rich-text editor makes these the slowest component tests: give them room on a busy machine.
describe('RecordForm', { timeout: 20_000 }, () => {
  let calls: Call[];
  let saves: Response[];
  const saved = () => calls.filter((c) => c.method !== 'GET');

  beforeEach(() => {
    localStorage.setItem('token', 't');
    calls = [];
    saves = [];
    vi.stubGlobal('fetch', serve(calls, saves));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  function setup(record: ClinicalRecord | null = null) {
    const props = { onSaved: vi.fn(), onCancel: vi.fn(), onDirty: vi.fn() };
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RecordForm record={record} {...props} />);
    const note = screen.getByRole('textbox', { name: 'Note' });
    const save = () => user.click(screen.getByRole('button', { name: 'Save' }));
    /**
     * Clicks at the start of the note's first paragraph, which is where ProseMirror keeps its caret: happy-dom has no
     * layout, so a click elsewhere would leave the DOM caret and ProseMirror's apart until a timer of its own.
     */
    const clickNote = () => {
      const first = note.firstElementChild as HTMLElement;
      return user.pointer({ keys: '[MouseLeft]', target: first, offset: first.textContent ? 0 : undefined });
    };
    return { user, note, save, clickNote, ...props };
  }

  it('saves a new note with the patient and privacy chosen', async () => {
    saves.push(json({ ...SAVED, id: 8 }, 201));
    const { user, save, clickNote, onSaved, onDirty } = setup();
    await clickNote();
    await user.keyboard('Session went well');
    expect(onDirty).toHaveBeenCalledWith(true);

    await user.click(screen.getByRole('combobox', { name: 'Patient' }));
    await user.click(await screen.findByRole('option', { name: 'Olena Koval' }));
    await user.click(screen.getByRole('combobox', { name: 'Who can see it' }));
    await user.click(await screen.findByRole('option', { name: 'Visible to psychologist and manager' }));
    await save();

    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saved()).toEqual([
      {
        method: 'POST',
        path: '/api/api/records',
        body: { content: '<p>Session went well</p>', privacyLevel: 'DOCTOR_MANAGER', patientId: 12 },
      },
    ]);
    expect(await screen.findByText('Note added')).toBeVisible();
  });

  it('a note for myself, visible to the doctor only, is the default', async () => {
    saves.push(json({ ...SAVED, id: 8 }, 201));
    const { user, save, clickNote, onSaved } = setup();
    await clickNote();
    await user.keyboard('Reminder');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saved()[0].body).toEqual({ content: '<p>Reminder</p>', privacyLevel: 'DOCTOR_ONLY', patientId: null });
  });

  it('asks for some text before saving, and stops asking once typing starts', async () => {
    const { user, note, save, clickNote } = setup();
    await save();
    expect(await screen.findByText('Write something before saving.')).toBeVisible();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    await clickNote();
    await user.keyboard('x');
    expect(screen.queryByText('Write something before saving.')).toBeNull();
    expect(note.getAttribute('aria-invalid')).toBe('false');
    expect(saved()).toEqual([]);
  });

  it('takes spaces alone for no note and sends nothing', async () => {
    const { user, save, clickNote, onSaved } = setup();
    await clickNote();
    await user.keyboard('   ');
    await save();
    expect(await screen.findByText('Write something before saving.')).toBeVisible();
    expect(saved()).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('refuses a note over 100 KB before sending it', async () => {
    const { user, save, clickNote } = setup();
    await clickNote();
    await user.paste('a'.repeat(100 * 1024));
    await save();
    expect(await screen.findByText('The note is too long. Shorten it (at most 100 KB) and save again.')).toBeVisible();
    expect(saved()).toEqual([]);
  });

  it('keeps everything typed when a save fails, shows why, and saves it on the next try', async () => {
    saves.push(json({ code: 'INTERNAL', message: 'boom' }, 500), json({ ...SAVED, id: 8 }, 201));
    const { user, note, save, clickNote, onSaved } = setup();
    await clickNote();
    await user.keyboard('Do not lose me');
    await save();

    const alert = await within(form(note)).findByRole('alert');
    expect(alert.textContent).toBe('We could not add the note. Please try again.');
    expect(note.textContent).toBe('Do not lose me');
    expect(onSaved).not.toHaveBeenCalled();

    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saved().map((c) => c.body)).toEqual([
      { content: '<p>Do not lose me</p>', privacyLevel: 'DOCTOR_ONLY', patientId: null },
      { content: '<p>Do not lose me</p>', privacyLevel: 'DOCTOR_ONLY', patientId: null },
    ]);
    expect(within(form(note)).queryByRole('alert')).toBeNull();
  });

  it('says when the server finds the note too long', async () => {
    saves.push(json({ code: 'PAYLOAD_TOO_LARGE', message: 'too large' }, 413));
    const { user, note, save, clickNote } = setup();
    await clickNote();
    await user.keyboard('Long');
    await save();
    expect((await within(form(note)).findByRole('alert')).textContent).toBe(
      'The note is too long. Shorten it (at most 100 KB) and save again.',
    );
  });

  it('says when the server finds the markup more complex than the editor makes', async () => {
    saves.push(json({ code: 'MARKUP_TOO_COMPLEX', message: 'too deep', fields: [{ field: 'body.content' }] }, 400));
    const { user, note, save, clickNote } = setup();
    await clickNote();
    await user.keyboard('Deep');
    await save();
    expect((await within(form(note)).findByRole('alert')).textContent).toBe(
      'The note has more formatting than the editor makes (nested too deep or too many parts). Simplify it and save again.',
    );
  });

  it('saves changes to a saved note in place, keeping its patient', async () => {
    saves.push(json({ ...SAVED, privacyLevel: 'DOCTOR_ONLY' }));
    const { user, note, save, clickNote, onSaved } = setup(SAVED);
    expect(note.textContent).toBe('Old note');
    expect((screen.getByRole('combobox', { name: 'Patient' }) as HTMLInputElement).value).toBe('Olena Koval');
    const privacy = screen.getByRole('combobox', { name: 'Who can see it' }) as HTMLInputElement;
    expect(privacy.value).toBe('Visible to psychologist and manager');

    await clickNote();
    await user.keyboard('Seen again. ');
    await user.click(privacy);
    await user.click(await screen.findByRole('option', { name: 'Visible to psychologist only' }));
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saved()).toEqual([
      {
        method: 'PUT',
        path: '/api/api/records/7',
        body: { content: '<p>Seen again. Old note</p>', privacyLevel: 'DOCTOR_ONLY', patientId: 12, version: 3 },
      },
    ]);
    expect(await screen.findByText('Note saved')).toBeVisible();
  });

  /** A save refused as stale, then Reload: answers the notice that lists what was saved elsewhere. */
  async function refuseAndReload(user: ReturnType<typeof userEvent.setup>, note: HTMLElement, save: () => Promise<void>) {
    const box = form(note);
    await save();
    const alert = await within(box).findByRole('alert');
    expect(alert.textContent).toContain('saved elsewhere');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    const status = await within(box).findByRole('status');
    expect(within(box).queryByRole('alert')).toBeNull();
    return status;
  }
  const part = (status: HTMLElement, field: string, which: string) =>
    within(within(status).getByRole('group', { name: field })).queryByRole('group', { name: which })?.textContent;
  const page = (notes: ClinicalRecord[]) =>
    json({ content: notes, page: 0, size: 20, totalElements: 1, totalPages: 1, last: true });

  it('on a save refused as stale, shows the saved version beside the typed text, takes what only changed there, and saves over the fresh version', async () => {
    const elsewhere = { ...SAVED, content: '<p>Written in another tab</p>', privacyLevel: 'DOCTOR_ONLY' as const, version: 4 };
    saves.push(
      json({ statusCode: 409, code: 'STALE', message: 'changed' }, 409),
      page([elsewhere]),
      json({ ...elsewhere, content: '<p>Mine. Old note</p>', version: 5 }),
    );
    const { user, note, save, clickNote, onSaved } = setup(SAVED);
    await clickNote();
    await user.keyboard('Mine. ');
    const status = await refuseAndReload(user, note, save);
    expect(onSaved).not.toHaveBeenCalled();

    // The text was changed on both sides: the saved one beside the typed one, which stays in the editor.
    expect(status.textContent).toContain('What you typed is still in the form');
    expect(part(status, 'Note', 'Saved version')).toBe('Saved versionWritten in another tab');
    expect(part(status, 'Note', 'In your form')).toBe('In your formMine. Old note');
    expect(note.textContent).toBe('Mine. Old note');
    // Who can see it was changed there only: the form takes it.
    expect(part(status, 'Who can see it', 'Saved version')).toBe('Saved versionVisible to psychologist only');
    expect(part(status, 'Who can see it', 'In your form')).toBeUndefined();
    expect((screen.getByRole('combobox', { name: 'Who can see it' }) as HTMLInputElement).value).toBe(
      'Visible to psychologist only',
    );
    expect(within(status).queryByRole('group', { name: 'Patient' })).toBeNull();

    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const body = { content: '<p>Mine. Old note</p>', privacyLevel: 'DOCTOR_MANAGER', patientId: 12 };
    expect(calls.filter((c) => c.path.startsWith('/api/api/records'))).toEqual([
      { method: 'PUT', path: '/api/api/records/7', body: { ...body, version: 3 } },
      { method: 'GET', path: '/api/api/records', body: undefined },
      { method: 'PUT', path: '/api/api/records/7', body: { ...body, privacyLevel: 'DOCTOR_ONLY', version: 4 } },
    ]);
  });

  it('on a save refused as stale, an untouched text takes the saved one and the chosen privacy stays', async () => {
    const elsewhere = { ...SAVED, content: '<p>Written in another tab</p>', version: 4 };
    saves.push(json({ statusCode: 409, code: 'STALE', message: 'changed' }, 409), page([elsewhere]), json(elsewhere));
    const { user, save, onSaved } = setup(SAVED);
    const privacy = screen.getByRole('combobox', { name: 'Who can see it' });
    await user.click(privacy);
    await user.click(await screen.findByRole('option', { name: 'Visible to psychologist only' }));
    const status = await refuseAndReload(user, screen.getByRole('textbox', { name: 'Note' }), save);

    expect(part(status, 'Note', 'In your form')).toBeUndefined();
    expect(screen.getByRole('textbox', { name: 'Note' }).textContent).toBe('Written in another tab');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saved().at(-1)?.body).toEqual({
      content: '<p>Written in another tab</p>',
      privacyLevel: 'DOCTOR_ONLY',
      patientId: 12,
      version: 4,
    });
  });

  it('says so when the note was deleted elsewhere', async () => {
    saves.push(json({ statusCode: 409, code: 'STALE', message: 'changed' }, 409), page([]));
    const { user, note, clickNote, save } = setup(SAVED);
    await clickNote();
    await user.keyboard('Mine. ');
    await save();
    await user.click(within(await within(form(note)).findByRole('alert')).getByRole('button', { name: 'Reload' }));
    const gone = 'This note or patient is no longer available. Close the window to see your current notes.';
    await within(form(note)).findByText(gone);
    expect(
      within(form(note))
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([gone]);
    expect(note.textContent).toBe('Mine. Old note');
  });
});
