import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { callAdmissions, callEndings, callSettings } from '../../db/schema/index.js';

/** What the room records of one account: let in (and when), removed, and whether the call was ended. */
export async function admissionOf(db: Db, roomId: string, userId: number) {
  const [admission] = await db
    .select({ removedAt: callAdmissions.removedAt })
    .from(callAdmissions)
    .where(and(eq(callAdmissions.roomId, roomId), eq(callAdmissions.userId, userId)));
  const [ending] = await db.select({ endedAt: callEndings.endedAt }).from(callEndings).where(eq(callEndings.roomId, roomId));
  return {
    admitted: admission !== undefined && admission.removedAt === null,
    removed: Boolean(admission?.removedAt),
    ended: Boolean(ending),
  };
}

/** Lets the accounts in; one removed before stays removed. */
export async function admit(db: Db, roomId: string, userIds: number[], at: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(callAdmissions)
    .values(userIds.map((userId) => ({ roomId, userId, admittedAt: at })))
    .onConflictDoNothing();
}

/** Removes the account from the room for good (let in or not). */
export async function remove(db: Db, roomId: string, userId: number, at: Date): Promise<void> {
  await db
    .insert(callAdmissions)
    .values({ roomId, userId, admittedAt: at, removedAt: at })
    .onConflictDoUpdate({ target: [callAdmissions.roomId, callAdmissions.userId], set: { removedAt: at } });
}

/** Whether the psychologist keeps a waiting room for their one-to-one sessions. */
export async function waitingRoomOn(db: Db, psychologistId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: callSettings.waitingRoom })
    .from(callSettings)
    .where(eq(callSettings.psychologistId, psychologistId));
  return row?.on ?? false;
}

export async function setWaitingRoom(db: Db, psychologistId: number, on: boolean): Promise<void> {
  await db
    .insert(callSettings)
    .values({ psychologistId, waitingRoom: on })
    .onConflictDoUpdate({ target: callSettings.psychologistId, set: { waitingRoom: on } });
}

export async function end(db: Db, roomId: string, at: Date): Promise<void> {
  await db.insert(callEndings).values({ roomId, endedAt: at }).onConflictDoNothing();
}
