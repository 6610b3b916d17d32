import { and, asc, count, eq, sql } from 'drizzle-orm';
import { listedPublicly, mayViewPsychologist } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { avatars, psychologistProfiles, scheduleSlots, type UserRow, users } from '../../db/schema/index.js';

export type ProfileFields = Omit<typeof psychologistProfiles.$inferInsert, 'userId'>;
export type SlotRow = Pick<typeof scheduleSlots.$inferSelect, 'dayOfWeek' | 'startMinute' | 'endMinute'>;

/**
 * A psychologist's names, profile fields (null when no profile row yet) and whether an avatar exists; not found when
 * the viewer may not see them (access/relations.ts).
 */
export async function findPsychologistProfile(db: Db, viewer: UserRow, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      enabled: users.enabled,
      firstName: users.firstName,
      lastName: users.lastName,
      version: users.profileVersion,
      experience: psychologistProfiles.experience,
      therapyTypes: psychologistProfiles.therapyTypes,
      languages: psychologistProfiles.languages,
      specialties: psychologistProfiles.specialties,
      education: psychologistProfiles.education,
      certificates: psychologistProfiles.certificates,
      description: psychologistProfiles.description,
      verified: psychologistProfiles.verified,
      rejectionReason: psychologistProfiles.rejectionReason,
      verificationDecidedAt: psychologistProfiles.verificationDecidedAt,
      hasAvatar: sql<boolean>`${avatars.userId} is not null`,
    })
    .from(users)
    .leftJoin(psychologistProfiles, eq(psychologistProfiles.userId, users.id))
    .leftJoin(avatars, eq(avatars.userId, users.id))
    .where(and(eq(users.id, userId), mayViewPsychologist(viewer)))
    .limit(1);
  return row;
}
export type PsychologistProfileRow = NonNullable<Awaited<ReturnType<typeof findPsychologistProfile>>>;

const publicColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  experience: psychologistProfiles.experience,
  therapyTypes: psychologistProfiles.therapyTypes,
  languages: psychologistProfiles.languages,
  specialties: psychologistProfiles.specialties,
};

/** A page of the psychologists anyone may see (access/relations.ts listedPublicly), by name, and how many there are. */
export async function findPublicPsychologists(db: Db, offset: number, limit: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(publicColumns)
      .from(users)
      .innerJoin(psychologistProfiles, eq(psychologistProfiles.userId, users.id))
      .where(listedPublicly())
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(users).where(listedPublicly()),
  ]);
  return { rows, total };
}

/** One psychologist's public profile fields, when anyone may see them. */
export async function findPublicPsychologist(db: Db, id: number) {
  const [row] = await db
    .select({
      ...publicColumns,
      education: psychologistProfiles.education,
      certificates: psychologistProfiles.certificates,
      description: psychologistProfiles.description,
    })
    .from(users)
    .innerJoin(psychologistProfiles, eq(psychologistProfiles.userId, users.id))
    .where(and(eq(users.id, id), listedPublicly()))
    .limit(1);
  return row;
}

/** Creates the profile row when it is missing, else overwrites its fields. */
export async function upsertProfile(db: Db, userId: number, fields: ProfileFields) {
  await db
    .insert(psychologistProfiles)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: psychologistProfiles.userId, set: fields });
}

/** An enabled psychologist's id and whether their documents are checked, or undefined for anyone else. */
export async function findActivePsychologist(db: Db, id: number): Promise<{ id: number; verified: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id, verified: sql<boolean>`coalesce(${psychologistProfiles.verified}, false)` })
    .from(users)
    .leftJoin(psychologistProfiles, eq(psychologistProfiles.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'PSYCHOLOGIST'), eq(users.enabled, true)))
    .limit(1);
  return row;
}

/** Slots in week order: the enum sorts MONDAY..SUNDAY, then by start. */
export async function findSlots(db: Db, psychologistId: number): Promise<SlotRow[]> {
  return db
    .select({ dayOfWeek: scheduleSlots.dayOfWeek, startMinute: scheduleSlots.startMinute, endMinute: scheduleSlots.endMinute })
    .from(scheduleSlots)
    .where(eq(scheduleSlots.psychologistId, psychologistId))
    .orderBy(asc(scheduleSlots.dayOfWeek), asc(scheduleSlots.startMinute));
}

/** The version of the psychologist's weekly schedule; it grows with every save. */
export async function findScheduleVersion(db: Db, psychologistId: number): Promise<number | undefined> {
  const [row] = await db.select({ version: users.scheduleVersion }).from(users).where(eq(users.id, psychologistId));
  return row?.version;
}

/**
 * Replaces the whole week and answers its new version; with a `version`, only while the week is still at it
 * (undefined otherwise, nothing changed). Must run inside a transaction: moving the version on first locks the user's
 * row, which serialises two saves of the same week, so the second compares against the first's version and deletes
 * what the first inserted instead of colliding with it.
 */
export async function replaceSlots(
  tx: Db,
  psychologistId: number,
  slots: SlotRow[],
  version: number | undefined,
): Promise<number | undefined> {
  const [moved] = await tx
    .update(users)
    .set({ scheduleVersion: sql`${users.scheduleVersion} + 1` })
    .where(and(eq(users.id, psychologistId), version === undefined ? undefined : eq(users.scheduleVersion, version)))
    .returning({ version: users.scheduleVersion });
  if (!moved) return undefined;
  await tx.delete(scheduleSlots).where(eq(scheduleSlots.psychologistId, psychologistId));
  if (slots.length > 0) await tx.insert(scheduleSlots).values(slots.map((s) => ({ psychologistId, ...s })));
  return moved.version;
}
