import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { groupNotes } from '../../db/schema/index.js';

export type NoteRow = typeof groupNotes.$inferSelect;

export async function findNote(db: Db, sessionId: number): Promise<NoteRow | undefined> {
  const [row] = await db.select().from(groupNotes).where(eq(groupNotes.sessionId, sessionId));
  return row;
}

/**
 * Writes the session's note: the first one, or over the stored one while it is still at `version` when one is given
 * (compare-and-set in the statement, as records do). False when the stored note has moved past `version`.
 */
export async function saveNote(
  db: Db,
  note: { sessionId: number; content: Uint8Array; keyVersion: number; updatedAt: Date },
  version: number | undefined,
): Promise<boolean> {
  const rows = await db
    .insert(groupNotes)
    .values(note)
    .onConflictDoUpdate({
      target: groupNotes.sessionId,
      set: {
        content: note.content,
        keyVersion: note.keyVersion,
        updatedAt: note.updatedAt,
        version: sql`${groupNotes.version} + 1`,
      },
      setWhere: version === undefined ? undefined : eq(groupNotes.version, version),
    })
    .returning({ sessionId: groupNotes.sessionId });
  return rows.length > 0;
}
