import { type GroupNote, RECORD_MAX_BYTES } from '@rozmova/contract';
import type { ViewerContext } from '../../access/context.js';
import { runsGroup } from '../../access/groups.js';
import { AppError, notFound, stale } from '../../lib/errors.js';
import { open, seal } from '../../lib/records-cipher.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import * as repo from './notes-repository.js';
import { findSession } from './sessions-repository.js';

/** Binds the sealed note to its session and psychologist: moved to another row, it will not open. */
const aadOf = (sessionId: number, psychologistId: number) => `group-note:${sessionId}:psychologist:${psychologistId}`;

/** The session, if it is one of the psychologist's own: group notes are theirs alone (no admin or manager route reads them). */
async function ownSession(ctx: ViewerContext, sessionId: number): Promise<void> {
  if (!(await findSession(ctx.db, sessionId, runsGroup(ctx.user.id)))) throw notFound('Group session');
}

function toNote(ctx: ViewerContext, row: repo.NoteRow | undefined): GroupNote {
  if (!row) return { content: '', version: 0, updatedAt: null };
  return {
    content: open(ctx.config.recordsKeyring, row, aadOf(row.sessionId, ctx.user.id)),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The psychologist's note on one of their group sessions; empty (version 0) until written. */
export async function readNote(ctx: ViewerContext, sessionId: number): Promise<GroupNote> {
  await ownSession(ctx, sessionId);
  return toNote(ctx, await repo.findNote(ctx.db, sessionId));
}

/** Writes the note, sanitised and sealed like clinical notes; with `version`, a note changed since is 409 STALE. */
export async function writeNote(
  ctx: ViewerContext,
  input: { sessionId: number; content: string; version?: number },
): Promise<GroupNote> {
  if (Buffer.byteLength(input.content, 'utf8') > RECORD_MAX_BYTES) {
    throw new AppError(413, 'TOO_LARGE', `A note may hold at most ${RECORD_MAX_BYTES / 1024} KB`);
  }
  await ownSession(ctx, input.sessionId);
  const { html } = await sanitizeHtml(input.content, 'body.content', ctx.user.id);
  const sealed = seal(ctx.config.recordsKeyring, html, aadOf(input.sessionId, ctx.user.id));
  const note = { sessionId: input.sessionId, ...sealed, updatedAt: ctx.clock.instant() };
  if (!(await repo.saveNote(ctx.db, note, input.version))) throw stale('The note');
  return toNote(ctx, await repo.findNote(ctx.db, input.sessionId));
}
