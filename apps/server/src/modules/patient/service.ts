import type { PatientInfo, PatientProfile, patientProfileUpdateSchema } from '@rozmova/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { PlatformClock } from '../../lib/clock.js';
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

export async function getProfile(db: Db, userId: number): Promise<PatientProfile> {
  const row = await repo.findPatient(db, userId);
  if (!row) throw notFound('Profile');
  const { id, email, ...profile } = toInfo(row);
  return profile;
}

export async function updateProfile(db: Db, clock: PlatformClock, userId: number, body: ProfileUpdate): Promise<PatientProfile> {
  if (body.dateOfBirth && body.dateOfBirth > clock.today()) {
    throw badRequest('body.dateOfBirth', 'Date of birth cannot be in the future');
  }
  await repo.savePatientProfile(db, userId, {
    firstName: body.firstName,
    lastName: body.lastName,
    birthDate: body.dateOfBirth || null,
    aboutMe: body.aboutMe,
    therapyGoals: body.therapyGoals,
  });
  return getProfile(db, userId);
}

/** A psychologist sees a patient only when they have or had an appointment together; otherwise it does not exist. */
export async function patientInfoFor(db: Db, psychologistId: number, patientId: number): Promise<PatientInfo> {
  const row = (await repo.hasAppointmentTogether(db, psychologistId, patientId))
    ? await repo.findPatient(db, patientId)
    : undefined;
  if (!row) throw notFound('Patient');
  return toInfo(row);
}
