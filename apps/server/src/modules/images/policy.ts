import type { Db } from '../../db/client.js';
import type { UserRow } from '../users/repository.js';
import { haveAppointment } from './repository.js';

/**
 * Psychologists' avatars are public to signed-in users; a patient's avatar is seen only by the patient
 * and by psychologists who have or had an appointment with them. Anyone sees their own.
 */
export async function mayViewAvatar(db: Db, viewer: UserRow, owner: UserRow): Promise<boolean> {
  if (viewer.id === owner.id) return true;
  if (!owner.enabled) return false;
  if (owner.role === 'PSYCHOLOGIST') return true;
  if (owner.role === 'PATIENT' && viewer.role === 'PSYCHOLOGIST') return haveAppointment(db, viewer.id, owner.id);
  return false;
}
