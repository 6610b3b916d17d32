import { and, eq } from 'drizzle-orm';
import { mayViewPatient } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import { avatars, patientProfiles, type UserRow, users } from '../../db/schema/index.js';

export type PatientRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  birthDate: string | null;
  aboutMe: string | null;
  therapyGoals: string | null;
  avatarOwner: number | null;
  profileVersion: number;
  timeZone: string | null;
  country: string | null;
};

/** A patient's data, if access/relations.ts lets the viewer see it. */
export async function findPatient(db: Db, id: number, viewer: UserRow): Promise<PatientRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      birthDate: users.birthDate,
      aboutMe: patientProfiles.aboutMe,
      therapyGoals: patientProfiles.therapyGoals,
      avatarOwner: avatars.userId,
      profileVersion: users.profileVersion,
      timeZone: users.timeZone,
      country: patientProfiles.country,
    })
    .from(users)
    .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
    .leftJoin(avatars, eq(avatars.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'PATIENT'), mayViewPatient(viewer, users.id)))
    .limit(1);
  return row;
}

export type PatientProfileValues = { aboutMe: string; therapyGoals: string };

/** The patient profile's own fields (created on first save); the names and birth date live on the user. */
export async function savePatientProfile(db: Db, userId: number, v: PatientProfileValues): Promise<void> {
  await db
    .insert(patientProfiles)
    .values({ userId, aboutMe: v.aboutMe, therapyGoals: v.therapyGoals })
    .onConflictDoUpdate({ target: patientProfiles.userId, set: { aboutMe: v.aboutMe, therapyGoals: v.therapyGoals } });
}

/** The country a patient chose for crisis help, or null. */
export async function chosenCountry(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ country: patientProfiles.country })
    .from(patientProfiles)
    .where(eq(patientProfiles.userId, userId));
  return row?.country ?? null;
}

/** Sets the country of a patient's crisis help (null: their time zone's), creating the profile when missing. */
export async function saveCountry(db: Db, userId: number, country: string | null): Promise<void> {
  await db
    .insert(patientProfiles)
    .values({ userId, country })
    .onConflictDoUpdate({ target: patientProfiles.userId, set: { country } });
}
