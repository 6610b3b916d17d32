import type {
  DoctorInfo,
  PageQuery,
  PublicPsychologist,
  PublicPsychologistPage,
  TherapyType,
  WorkLanguage,
} from '@rozmova/contract';
import type { AppContext, ViewerContext } from '../../access/context.js';
import { notFound } from '../../lib/errors.js';
import { toPage } from '../../lib/paging.js';
import { presentProfile } from './profile-service.js';
import { findPsychologistProfile, findPublicPsychologist, findPublicPsychologists } from './repository.js';

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

type PublicRow = Omit<PublicPsychologist, 'therapyTypes' | 'languages' | 'specialties'> & {
  therapyTypes: string[] | null;
  languages: string[] | null;
  specialties: string | null;
};

const presentPublic = (row: PublicRow): PublicPsychologist => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  experience: row.experience,
  specialties: row.specialties ?? '',
  therapyTypes: (row.therapyTypes ?? []) as TherapyType[],
  languages: (row.languages ?? []) as WorkLanguage[],
});

/** The verified psychologists, a page at a time, for visitors who have not signed in. */
export async function listPublicPsychologists(ctx: AppContext, query: PageQuery): Promise<PublicPsychologistPage> {
  const { rows, total } = await findPublicPsychologists(ctx.db, query.page * query.size, query.size);
  return toPage(rows.map(presentPublic), total, query);
}

/** A verified psychologist's profile for anyone; any other id is not found. The picture stays behind sign-in. */
export async function getPublicPsychologist(ctx: AppContext, input: { id: number }): Promise<DoctorInfo> {
  const row = await findPublicPsychologist(ctx.db, input.id);
  if (!row) throw notFound('Doctor');
  const { id: _id, ...info } = presentPublic(row);
  return {
    ...info,
    education: row.education ?? '',
    certificates: row.certificates ?? '',
    description: row.description ?? '',
    avatarPath: null,
  };
}
