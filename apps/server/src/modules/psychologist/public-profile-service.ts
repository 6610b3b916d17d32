import type { DoctorInfo } from '@rozmova/contract';
import type { ViewerContext } from '../../access/context.js';
import { maySeeUnverified } from '../../access/relations.js';
import { notFound } from '../../lib/errors.js';
import { presentProfile } from './profile-service.js';
import { findPsychologistProfile } from './repository.js';

/**
 * What any signed-in user may see of an enabled psychologist (of an unverified one: see maySeeUnverified); everyone
 * else is not found.
 */
export async function getPsychologistInfo(ctx: ViewerContext, input: { id: number }): Promise<DoctorInfo> {
  const row = await findPsychologistProfile(ctx.db, input.id);
  if (row?.role !== 'PSYCHOLOGIST' || !row.enabled) throw notFound('Doctor');
  if (!row.verified && !maySeeUnverified(ctx.user, row.id)) throw notFound('Doctor');
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
    avatarPath: p.avatarUrl,
  };
}
