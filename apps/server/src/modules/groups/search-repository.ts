import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { memberOf, offeredToPatients } from '../../access/groups.js';
import type { Db } from '../../db/client.js';
import { groupPrograms, groupSessions, type UserRow, users } from '../../db/schema/index.js';
import type { ProgramRow } from './programs-repository.js';

export type PublicRow = {
  program: ProgramRow;
  psychologist: { id: number; firstName: string; lastName: string; timeZone: string | null };
  member: boolean;
};

const selectPublic = (db: Db, patientId: number) =>
  db
    .select({
      program: groupPrograms,
      psychologist: { id: users.id, firstName: users.firstName, lastName: users.lastName, timeZone: users.timeZone },
      member: sql<boolean>`${memberOf(patientId)}`.mapWith(Boolean),
    })
    .from(groupPrograms)
    .innerJoin(users, eq(users.id, groupPrograms.psychologistId));

/** A confirmed session of the program that starts after `after`, and before `before` when given. */
const sessionAhead = (after: Date, before?: Date): SQL =>
  sql`exists (select 1 from ${groupSessions} where ${groupSessions.programId} = ${groupPrograms.id}
    and ${groupSessions.status} = 'CONFIRMED' and ${groupSessions.startsAt} > ${after.toISOString()}
    ${before ? sql`and ${groupSessions.startsAt} < ${before.toISOString()}` : sql``})`;

export type GroupFilter = { therapyType?: string; now: Date; from?: Date; to?: Date };

const openings = (f: GroupFilter): SQL =>
  and(
    offeredToPatients(),
    sql`${groupPrograms.memberCount} < ${groupPrograms.capacity}`,
    f.therapyType === undefined ? undefined : eq(groupPrograms.therapyType, f.therapyType),
    sessionAhead(f.now),
    f.from || f.to ? sessionAhead(f.from && f.from > f.now ? f.from : f.now, f.to) : undefined,
  ) as SQL;

/** One page of the programs a patient may join, soonest next session first, and how many there are. */
export async function searchOpenings(
  db: Db,
  patient: UserRow,
  filter: GroupFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PublicRow[]; total: number }> {
  const where = openings(filter);
  const [{ total }] = await db.select({ total: count() }).from(groupPrograms).where(where);
  const next = sql`(select min(${groupSessions.startsAt}) from ${groupSessions} where ${groupSessions.programId} = ${groupPrograms.id}
    and ${groupSessions.status} = 'CONFIRMED' and ${groupSessions.startsAt} > ${filter.now.toISOString()})`;
  const rows = await selectPublic(db, patient.id)
    .where(where)
    .orderBy(asc(next), asc(groupPrograms.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total };
}

/** A program the patient may see (one offered to patients, or one they belong to), without its members. */
export async function findPublic(db: Db, id: number, patient: UserRow, allowed: SQL): Promise<PublicRow | undefined> {
  const [row] = await selectPublic(db, patient.id).where(and(eq(groupPrograms.id, id), allowed));
  return row;
}
