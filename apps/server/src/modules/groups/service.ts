import type { AppointmentTab, AttendanceStatus } from '@rozmova/contract';
import type { AppContext } from '../../access/context.js';
import type { Participant } from '../../access/relations.js';
import type { Db } from '../../db/client.js';
import type { SessionRow } from './programs-repository.js';
import * as repo from './public-repository.js';
import * as sfu from './sfu-repository.js';

// What other modules may use of groups (appointment lists, video rooms, reports): they reach the groups' tables
// through these functions.

/** A group session as an appointment list needs it. */
export type GroupSessionFacts = {
  id: number;
  programId: number;
  title: string;
  psychologistId: number;
  startsAt: Date;
  endsAt: Date;
  status: 'CONFIRMED' | 'CANCELED';
  videoCallRoomId: string;
  /** The calendar invite's SEQUENCE, grown with each move or cancel. */
  sequence: number;
};

export type GroupSessionEntry = GroupSessionFacts & {
  psychologist: { id: number; firstName: string; lastName: string; timeZone: string | null };
  /** The patient's own mark (EXCUSED: they skipped it); always null in a psychologist's list. */
  attendance: AttendanceStatus | null;
};

const factsOf = (s: SessionRow, title: string): GroupSessionFacts => ({
  id: s.id,
  programId: s.programId,
  title,
  psychologistId: s.psychologistId,
  startsAt: s.startsAt,
  endsAt: s.endsAt,
  status: s.status,
  videoCallRoomId: s.videoCallRoomId,
  sequence: s.sequence,
});

/**
 * One participant's group sessions in an appointment tab. A psychologist's: every session of their programs (active:
 * confirmed and not over). A patient's: the sessions of their programs during their membership (active: confirmed, not
 * over and not skipped). Active soonest first, the rest most recent first.
 */
export async function groupSessionsOf(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  who: Participant,
  tab: AppointmentTab,
): Promise<GroupSessionEntry[]> {
  const rows = await repo.sessionsOfParticipant(ctx.db, who, tab, ctx.clock.instant());
  return rows.map((r) => ({ ...factsOf(r.session, r.title), psychologist: r.psychologist, attendance: r.attendance }));
}

/**
 * Who may be in a group session's video room: its psychologist and its attendees (members now, members at its time,
 * not skipped), these by first name and the initial of the last (members never learn more of each other). Undefined
 * when the room is no group session's.
 */
export async function groupRoomParticipants(db: Db, roomId: string) {
  const session = await repo.sessionByRoom(db, roomId);
  if (!session) return undefined;
  const attendees = await repo.attendeesOf(db, session.id);
  return {
    sessionId: session.id,
    programId: session.programId,
    psychologistId: session.psychologistId,
    status: session.status,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    members: attendees.map((a) => ({ patientId: a.patientId, firstName: a.firstName, lastInitial: a.lastName.slice(0, 1) })),
  };
}

/** How many group sessions starting in [from, to) the patient attended, as their psychologist marked it. */

export const attendedCount = (db: Db, patientId: number, from: Date, to: Date): Promise<number> =>
  repo.countAttended(db, patientId, from, to);

/** A group session's room on the media server: its session, window inputs and the Janus server holding it, if any. */
export type GroupSfuRoom = Awaited<ReturnType<typeof sfu.sessionsOfRooms>>[number];

/** The group sessions of these video rooms (those that are no group session's are left out). */
export const groupSfuRooms = (db: Db, roomIds: string[]): Promise<GroupSfuRoom[]> => sfu.sessionsOfRooms(db, roomIds);

/**
 * The Janus server of a group session's room: the one it has among `servers`, else the one of them holding the fewest
 * sessions whose span meets [from, to) (the first on a tie), chosen once for every process.
 */
export async function janusServerFor(db: Db, sessionId: number, servers: string[], from: Date, to: Date): Promise<string> {
  const load = await sfu.roomsPerServer(db, servers, from, to);
  const least = servers.reduce((best, s) => ((load.get(s) ?? 0) < (load.get(best) ?? 0) ? s : best), servers[0]);
  return (await sfu.claimServer(db, sessionId, least, servers)) ?? least;
}
