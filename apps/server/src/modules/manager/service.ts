import type { AppointmentListItem, DoctorReview, ManagerProfile, managerProfileUpdateSchema, PastVisit } from '@rozmova/contract';
import type { z } from 'zod';
import type { ViewerContext } from '../../access/context.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { notFound } from '../../lib/errors.js';
import { inTimeOrder } from '../../lib/time-order.js';
import { whenIn } from '../../lib/zoned.js';
import { endedGroupSessionsOf, endedOfPatient, listManaged } from '../appointments/service.js';
import { reviewsAbout } from '../records/service.js';
import { saveOwnProfile } from '../users/service.js';
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

/**
 * The appointments and group sessions of the manager's patients, or of one of them; soonest first. A group session is
 * listed with its program's title and the patient's attendance, never its note.
 */
export async function listAppointments(ctx: ViewerContext, patientId?: number): Promise<AppointmentListItem[]> {
  if (patientId !== undefined) await managedPatient(ctx, patientId);
  return listManaged(ctx, patientId);
}

/** The notes the patient's psychologists shared with managers, by psychologist; each read is audited. */
export async function psychologistReviews(ctx: ViewerContext, patientId: number): Promise<DoctorReview[]> {
  await managedPatient(ctx, patientId);
  return reviewsAbout(ctx, patientId);
}

/**
 * The patient's appointments and group sessions that have ended, most recent first. `inProgram`: the patient was
 * assigned to a manager (any manager) when the visit started. A group session carries its title and the patient's
 * attendance.
 */
export async function visits(ctx: ViewerContext, patientId: number): Promise<PastVisit[]> {
  await managedPatient(ctx, patientId);
  const [rows, groups] = await Promise.all([endedOfPatient(ctx, patientId), endedGroupSessionsOf(ctx, patientId)]);
  const zone = timeZoneOf(ctx, ctx.user);
  const periods = await repo.assignmentPeriods(ctx.db, ctx.user, patientId);
  const inProgram = (start: number) =>
    periods.some((p) => p.from.getTime() <= start && (p.until === null || start < p.until.getTime()));
  const individual = rows.map(
    (row): PastVisit => ({
      id: row.id,
      kind: 'INDIVIDUAL',
      group: null,
      attendance: null,
      ...whenIn(row.startsAt, row.endsAt, zone),
      status: row.status,
      inProgram: inProgram(row.startsAt.getTime()),
      doctorId: row.doctorId,
      doctorFirstName: row.doctorFirstName,
      doctorLastName: row.doctorLastName,
      patientReview: row.patientReview,
    }),
  );
  const group = groups.map(
    (g): PastVisit => ({
      id: g.id,
      kind: 'GROUP',
      group: g.group,
      attendance: g.attendance,
      date: g.date,
      startTime: g.startTime,
      endTime: g.endTime,
      startsAt: g.startsAt,
      endsAt: g.endsAt,
      timeZone: g.timeZone,
      status: g.status,
      inProgram: inProgram(Date.parse(g.startsAt)),
      doctorId: g.doctorId,
      doctorFirstName: g.doctorFirstName,
      doctorLastName: g.doctorLastName,
      patientReview: null,
    }),
  );
  return inTimeOrder([...individual, ...group], 'desc');
}
