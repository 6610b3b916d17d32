import type { DoctorInfo } from '@rozmova/contract';
import type { ViewerContext } from '../../access/context.js';
import { notFound } from '../../lib/errors.js';
import { presentProfile } from './profile-service.js';
import { findPsychologistProfile } from './repository.js';

/**
 * What a signed-in user may see of a psychologist they may see (access/relations.ts mayViewPsychologist); everyone
 * else is not found.
 */
export async function getPsychologistInfo(ctx: ViewerContext, input: { id: number }): Promise<DoctorInfo> {
  const row = await findPsychologistProfile(ctx.db, ctx.user, input.id);
  // Only a psychologist has a profile to show, whoever else may see themself.
  if (row?.role !== 'PSYCHOLOGIST') throw notFound('Doctor');
  const p = presentProfile(row);
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    experience: p.experience,
    education: p.education,
    description: p.description,
    specialties: p.specialties,
    certificates: p.certificates,
    therapyTypes: p.therapyTypes,
    languages: p.languages,
    avatarPath: p.avatarUrl,
  };
}
