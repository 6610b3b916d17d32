import {
  BIRTH_DATE_MESSAGES,
  birthDateProblem,
  type PatientInfo,
  type PatientProfile,
  type patientProfileUpdateSchema,
} from '@rozmova/contract';
import type { z } from 'zod';
import type { ViewerContext } from '../../access/context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { avatarUrlFor } from '../images/avatar-url.js';
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

export async function getProfile(ctx: ViewerContext): Promise<PatientProfile> {
  const row = await repo.findPatient(ctx.db, ctx.user.id, ctx.user);
  if (!row) throw notFound('Profile');
  const { id, email, ...profile } = toInfo(row);
  return { ...profile, version: row.profileVersion };
}

export async function updateProfile(ctx: ViewerContext, body: ProfileUpdate): Promise<PatientProfile> {
  if (body.dateOfBirth && birthDateProblem(body.dateOfBirth, ctx.clock.today()) === 'future') {
    throw badRequest('body.dateOfBirth', BIRTH_DATE_MESSAGES.future);
  }
  await repo.savePatientProfile(
    ctx.db,
    ctx.user.id,
    {
      firstName: body.firstName,
      lastName: body.lastName,
      birthDate: body.dateOfBirth || null,
      aboutMe: body.aboutMe,
      therapyGoals: body.therapyGoals,
    },
    body.version,
  );
  ctx.tokens.accountChanged(ctx.user.id);
  return getProfile(ctx);
}

/** A patient the viewer may see (a psychologist: one they treat); anyone else does not exist for them. */
export async function patientInfoFor(ctx: ViewerContext, input: { id: number }): Promise<PatientInfo> {
  const row = await repo.findPatient(ctx.db, input.id, ctx.user);
  if (!row) throw notFound('Patient');
  return toInfo(row);
}
