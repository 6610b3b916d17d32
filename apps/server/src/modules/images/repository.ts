import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, avatars } from '../../db/schema/index.js';

export type AvatarRow = typeof avatars.$inferSelect;

export async function findAvatar(db: Db, userId: number): Promise<AvatarRow | undefined> {
  const [row] = await db.select().from(avatars).where(eq(avatars.userId, userId)).limit(1);
  return row;
}

/** Inserts or replaces the user's one avatar. */
export async function upsertAvatar(db: Db, userId: number, contentType: string, data: Uint8Array): Promise<void> {
  const updatedAt = new Date();
  await db
    .insert(avatars)
    .values({ userId, contentType, data, updatedAt })
    .onConflictDoUpdate({ target: avatars.userId, set: { contentType, data, updatedAt } });
}

/** Whether the two have or had an appointment, whatever its status. */
export async function haveAppointment(db: Db, psychologistId: number, patientId: number): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.psychologistId, psychologistId), eq(appointments.patientId, patientId)))
    .limit(1);
  return rows.length > 0;
}
