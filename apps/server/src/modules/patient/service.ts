import {
  BIRTH_DATE_MESSAGES,
  birthDateProblem,
  type CrisisCountry,
  type CrisisCountrySetting,
  type CrisisHelp,
  crisisCountrySchema,
  crisisHelpFor,
  type PatientInfo,
  type PatientProfile,
  type patientProfileUpdateSchema,
} from '@rozmova/contract';
import type { z } from 'zod';
import type { AppContext, ViewerContext } from '../../access/context.js';
import type { UserRow } from '../../db/schema/index.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { avatarUrlFor } from '../../lib/avatar-url.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { saveOwnProfile } from '../users/service.js';
import * as repo from './repository.js';

type ProfileUpdate = z.output<typeof patientProfileUpdateSchema>;

function toInfo(row: repo.PatientRow): PatientInfo {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    dateOfBirth: row.birthDate ?? '',
    aboutMe: row.aboutMe ?? '',
    therapyGoals: row.therapyGoals ?? '',
    avatarUrl: avatarUrlFor(row.id, row.avatarOwner !== null),
  };
}

/** A stored country the table no longer lists counts as none. */
const countryOf = (stored: string | null): CrisisCountry | null => crisisCountrySchema.safeParse(stored).data ?? null;

export async function getProfile(ctx: ViewerContext): Promise<PatientProfile> {
  const row = await repo.findPatient(ctx.db, ctx.user.id, ctx.user);
  if (!row) throw notFound('Profile');
  const { id, email, ...profile } = toInfo(row);
  const country = countryOf(row.country);
  const crisisCountry = crisisHelpFor(country, timeZoneOf(ctx, row)).country;
  return { ...profile, country, crisisCountry, version: row.profileVersion };
}

/** The patient chooses the country of their crisis help, or null to follow their time zone again. */
export async function setCrisisCountry(ctx: ViewerContext, country: CrisisCountry | null): Promise<CrisisCountrySetting> {
  await repo.saveCountry(ctx.db, ctx.user.id, country);
  return { country, crisisCountry: crisisHelpFor(country, timeZoneOf(ctx, ctx.user)).country };
}

/** Where the patient finds help now: the country they chose, else their time zone's. */
export async function crisisHelpOf(ctx: Pick<AppContext, 'db' | 'config'>, patient: UserRow): Promise<CrisisHelp> {
  return crisisHelpFor(countryOf(await repo.chosenCountry(ctx.db, patient.id)), timeZoneOf(ctx, patient));
}

export async function updateProfile(ctx: ViewerContext, body: ProfileUpdate): Promise<PatientProfile> {
  if (body.dateOfBirth && birthDateProblem(body.dateOfBirth, ctx.clock.today()) === 'future') {
    throw badRequest('body.dateOfBirth', BIRTH_DATE_MESSAGES.future);
  }
  // Names and birth date live on the user, the rest on the patient profile; with a version, only over that version
  // (409 STALE otherwise), and the user's row is saved first so its lock holds concurrent saves back.
  await ctx.db.transaction(async (tx) => {
    const names = { firstName: body.firstName, lastName: body.lastName, birthDate: body.dateOfBirth || null };
    await saveOwnProfile(tx, ctx.user.id, names, body.version);
    await repo.savePatientProfile(tx, ctx.user.id, { aboutMe: body.aboutMe, therapyGoals: body.therapyGoals });
  });
  ctx.tokens.accountChanged(ctx.user.id);
  return getProfile(ctx);
}

/** A patient the viewer may see (a psychologist: one they treat); anyone else does not exist for them. */
export async function patientInfoFor(ctx: ViewerContext, input: { id: number }): Promise<PatientInfo> {
  const row = await repo.findPatient(ctx.db, input.id, ctx.user);
  if (!row) throw notFound('Patient');
  return toInfo(row);
}
