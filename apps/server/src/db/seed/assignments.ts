import type { PlatformClock } from '../../lib/clock.js';
import { openAssignment } from '../../modules/admin/assignments-repository.js';
import type { Db } from '../client.js';
import type { DemoUsers } from './users.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo manager follows the second demo patient, since before his past sessions, so the manager's screens show a
 * patient with appointments and visits in the program; the first stays unassigned for the admin to assign.
 */
export async function seedAssignments(db: Db, demo: DemoUsers, clock: PlatformClock): Promise<void> {
  const from = new Date(clock.instant().getTime() - 60 * DAY_MS);
  await openAssignment(db, { managerId: demo.manager, patientId: demo.patients[1], from });
}
