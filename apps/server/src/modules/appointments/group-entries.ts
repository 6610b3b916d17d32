import type { AppointmentListItem, AppointmentTab, PatientAppointment } from '@rozmova/contract';
import type { ViewerContext } from '../../access/context.js';
import type { Participant } from '../../access/relations.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { whenIn } from '../../lib/zoned.js';
import { groupSessionsOf } from '../groups/service.js';
import type { GroupEntryRow } from './group-sessions-repository.js';

/**
 * A group session as an appointment list shows it, on the viewer's wall clock. An entry about one member carries
 * their attendance; a member who excused themselves has no room to enter (videoCallRoomId null).
 */
export function toGroupEntry(ctx: Pick<ViewerContext, 'config' | 'user'>, row: GroupEntryRow): AppointmentListItem {
  const zone = (z: string | null) => z ?? ctx.config.timeZone;
  return {
    id: row.id,
    kind: 'GROUP',
    group: { id: row.programId, title: row.title },
    status: row.status,
    cancellationReason: null,
    videoCallRoomId: row.attendance === 'EXCUSED' ? null : row.videoCallRoomId,
    doctorId: row.doctorId,
    doctorFirstName: row.doctorFirstName,
    doctorLastName: row.doctorLastName,
    doctorTimeZone: zone(row.doctorTimeZone),
    patientId: row.patientId,
    patientFirstName: row.patientFirstName,
    patientLastName: row.patientLastName,
    patientTimeZone: row.patientId === null ? null : zone(row.patientTimeZone),
    attendance: row.attendance,
    ...whenIn(row.startsAt, row.endsAt, timeZoneOf(ctx, ctx.user)),
  };
}

/**
 * The viewer's own group sessions in a tab, from the groups module: a psychologist's one entry per session (patient
 * fields null); a patient's their own, with their attendance. A session the patient excused themselves from leaves the
 * active tab for the archive, marked EXCUSED.
 */
export async function ownGroupEntries(ctx: ViewerContext, who: Participant, tab: AppointmentTab): Promise<GroupEntryRow[]> {
  const me = 'patientId' in who ? ctx.user : null;
  return (await groupSessionsOf(ctx, who, tab)).map((s) => ({
    id: s.id,
    programId: s.programId,
    title: s.title,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    status: s.status,
    videoCallRoomId: s.videoCallRoomId,
    doctorId: s.psychologist.id,
    doctorFirstName: s.psychologist.firstName,
    doctorLastName: s.psychologist.lastName,
    doctorTimeZone: s.psychologist.timeZone,
    patientId: me?.id ?? null,
    patientFirstName: me?.firstName ?? null,
    patientLastName: me?.lastName ?? null,
    patientTimeZone: me?.timeZone ?? null,
    attendance: me ? s.attendance : null,
  }));
}

/** A patient's own group entry: their own names, and no feedback (that is for individual sessions). */
export function toPatientGroupEntry(ctx: ViewerContext, row: GroupEntryRow): PatientAppointment {
  const entry = toGroupEntry(ctx, row);
  return {
    ...entry,
    patientId: ctx.user.id,
    patientFirstName: ctx.user.firstName,
    patientLastName: ctx.user.lastName,
    patientTimeZone: timeZoneOf(ctx, ctx.user),
    patientReview: null,
    patientReviewedAt: null,
  };
}
