import type { PsychologistProfile, psychologistProfileUpdateSchema, TherapyType, WorkLanguage } from '@rozmova/contract';
import type { z } from 'zod';
import type { ViewerContext } from '../../access/context.js';
import { avatarUrlFor } from '../../lib/avatar-url.js';
import { notFound } from '../../lib/errors.js';
import { presentVerification } from '../documents/service.js';
import { saveOwnProfile } from '../users/service.js';
import { findPsychologistProfile, type PsychologistProfileRow, upsertProfile } from './repository.js';

export type ProfileInput = z.output<typeof psychologistProfileUpdateSchema>;

/** The profile as the API shows it; a psychologist without a profile row yet gets empty fields. */
export function presentProfile(row: PsychologistProfileRow): PsychologistProfile {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    experience: row.experience,
    therapyTypes: (row.therapyTypes ?? []) as TherapyType[],
    languages: (row.languages ?? []) as WorkLanguage[],
    specialties: row.specialties ?? '',
    education: row.education ?? '',
    certificates: row.certificates ?? '',
    description: row.description ?? '',
    avatarUrl: avatarUrlFor(row.id, row.hasAvatar),
    verified: row.verified ?? false,
    verification: presentVerification(row),
    version: row.version,
  };
}

/** The signed-in psychologist's own profile. */
export async function getProfile(ctx: ViewerContext): Promise<PsychologistProfile> {
  const row = await findPsychologistProfile(ctx.db, ctx.user, ctx.user.id);
  if (!row) throw notFound('Profile');
  return presentProfile(row);
}

/** Names live on the user, the rest on the profile row; both change together or not at all, and never over a newer save. */
export async function updateProfile(ctx: ViewerContext, input: ProfileInput): Promise<PsychologistProfile> {
  const { firstName, lastName, version, ...fields } = input;
  const userId = ctx.user.id;
  await ctx.db.transaction(async (tx) => {
    await saveOwnProfile(tx, userId, { firstName, lastName }, version);
    await upsertProfile(tx, userId, fields);
  });
  ctx.tokens.accountChanged(userId);
  return getProfile(ctx);
}
