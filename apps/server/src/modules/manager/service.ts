import type { Appointment, DoctorReview, ManagerProfile, managerProfileUpdateSchema, PastVisit } from '@rozmova/contract';
import type { z } from 'zod';
import type { ViewerContext } from '../../access/context.js';
import { notFound } from '../../lib/errors.js';
import { whenIn } from '../../lib/zoned.js';
import * as appointments from '../appointments/repository.js';
import { toAppointment } from '../appointments/service.js';
import { reviewsAbout } from '../records/service.js';
import { saveOwnProfile } from '../users/profile-repository.js';
import { timeZoneOf } from '../users/service.js';
import * as repo from './repository.js';

export async function getProfile(ctx: ViewerContext): Promise<ManagerProfile> {
  const id = ctx.user.id;
  const own = await repo.ownProfile(ctx.db, id);
  if (!own) throw notFound('User');
  return { managerId: id, ...own, managedPatients: await repo.managedPatients(ctx.db, id) };
}

/** Only the names change (never over a newer save); the e-mail and the patients are not the manager's to change. */
export async function updateProfile(
  ctx: ViewerContext,
  body: z.output<typeof managerProfileUpdateSchema>,
): Promise<ManagerProfile> {
  const names = { firstName: body.firstName, lastName: body.lastName };
  await saveOwnProfile(ctx.db, ctx.user.id, names, body.version);
  ctx.tokens.accountChanged(ctx.user.id);
  return getProfile(ctx);
}

/** A patient the manager follows now; anyone else does not exist for them. */
async function managedPatient(ctx: ViewerContext, patientId: number): Promise<void> {
  if (!(await repo.isManaged(ctx.db, ctx.user.id, patientId))) throw notFound('Patient');
}

/** The appointments of the manager's patients, or of one of them; soonest first. */
export async function listAppointments(ctx: ViewerContext, patientId?: number): Promise<Appointment[]> {
  if (patientId !== undefined) await managedPatient(ctx, patientId);
  return (await appointments.listManagedAppointments(ctx.db, ctx.user.id, patientId)).map((row) => toAppointment(ctx, row));
}

/** The notes the patient's psychologists shared with managers, by psychologist; each read is audited. */
export async function psychologistReviews(ctx: ViewerContext, patientId: number): Promise<DoctorReview[]> {
  await managedPatient(ctx, patientId);
  return reviewsAbout(ctx, patientId);
}

/**
 * The patient's appointments that have ended, most recent first. `inProgram`: the patient was assigned to a manager
 * (any manager) when the visit started.
 */
export async function visits(ctx: ViewerContext, patientId: number): Promise<PastVisit[]> {
  await managedPatient(ctx, patientId);
  const rows = await appointments.listEndedOfPatient(ctx.db, ctx.user, patientId, ctx.clock.instant());
  const zone = timeZoneOf(ctx, ctx.user);
  const periods = await repo.assignmentPeriods(ctx.db, ctx.user, patientId);
  return rows.map((row) => {
    const start = row.startsAt.getTime();
    const inProgram = periods.some((p) => p.from.getTime() <= start && (p.until === null || start < p.until.getTime()));
    return {
      id: row.id,
      ...whenIn(row.startsAt, row.endsAt, zone),
      status: row.status,
      inProgram,
      doctorId: row.doctorId,
      doctorFirstName: row.doctorFirstName,
      doctorLastName: row.doctorLastName,
      patientReview: row.patientReview,
    };
  });
}
