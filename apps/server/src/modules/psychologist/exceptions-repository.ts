import type { DayOfWeek } from '@rozmova/contract';
import { and, asc, count, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, scheduleExceptions, scheduleSlots, users } from '../../db/schema/index.js';

export type ExceptionRow = Pick<
  typeof scheduleExceptions.$inferSelect,
  'id' | 'kind' | 'startDate' | 'endDate' | 'startMinute' | 'endMinute'
>;
export type NewException = Omit<ExceptionRow, 'id'>;
/** A span of minutes from 00:00 of one day. */
export type MinuteSpan = { startMinute: number; endMinute: number };

const columns = {
  id: scheduleExceptions.id,
  kind: scheduleExceptions.kind,
  startDate: scheduleExceptions.startDate,
  endDate: scheduleExceptions.endDate,
  startMinute: scheduleExceptions.startMinute,
  endMinute: scheduleExceptions.endMinute,
};

const notEndedBy = (psychologistId: number, today: string) =>
  and(eq(scheduleExceptions.psychologistId, psychologistId), gte(scheduleExceptions.endDate, today));

/** The psychologist's exceptions that end on `today` or later, soonest first (a block before a slot of its first day). */
export function findCurrentExceptions(db: Db, psychologistId: number, today: string): Promise<ExceptionRow[]> {
  return db
    .select(columns)
    .from(scheduleExceptions)
    .where(notEndedBy(psychologistId, today))
    .orderBy(
      asc(scheduleExceptions.startDate),
      sql`${scheduleExceptions.startMinute} asc nulls first`,
      asc(scheduleExceptions.id),
    );
}

export async function countCurrentExceptions(db: Db, psychologistId: number, today: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(scheduleExceptions).where(notEndedBy(psychologistId, today));
  return row.n;
}

export async function insertException(db: Db, psychologistId: number, exception: NewException): Promise<ExceptionRow> {
  const [row] = await db
    .insert(scheduleExceptions)
    .values({ psychologistId, ...exception })
    .returning(columns);
  return row;
}

/** Deletes one of the psychologist's own exceptions; false when they have none with that id. */
export async function deleteException(db: Db, psychologistId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(scheduleExceptions)
    .where(and(eq(scheduleExceptions.id, id), eq(scheduleExceptions.psychologistId, psychologistId)))
    .returning({ id: scheduleExceptions.id });
  return gone.length > 0;
}

/** The one-off slots on a date and the weekly slots of its weekday: what a new slot on that date must not overlap. */
export async function findSlotsOn(
  db: Db,
  psychologistId: number,
  day: { date: string; dayOfWeek: DayOfWeek },
): Promise<MinuteSpan[]> {
  return [
    ...(await findOneOffSlotsOn(db, psychologistId, day.date)),
    ...(await findWeeklySlotsOf(db, psychologistId, day.dayOfWeek)),
  ];
}

export function findOneOffSlotsOn(db: Db, psychologistId: number, date: string): Promise<MinuteSpan[]> {
  return db
    .select({
      startMinute: sql<number>`${scheduleExceptions.startMinute}`,
      endMinute: sql<number>`${scheduleExceptions.endMinute}`,
    })
    .from(scheduleExceptions)
    .where(
      and(
        eq(scheduleExceptions.psychologistId, psychologistId),
        eq(scheduleExceptions.kind, 'SLOT'),
        eq(scheduleExceptions.startDate, date),
      ),
    );
}

function findWeeklySlotsOf(db: Db, psychologistId: number, dayOfWeek: DayOfWeek): Promise<MinuteSpan[]> {
  return db
    .select({ startMinute: scheduleSlots.startMinute, endMinute: scheduleSlots.endMinute })
    .from(scheduleSlots)
    .where(and(eq(scheduleSlots.psychologistId, psychologistId), eq(scheduleSlots.dayOfWeek, dayOfWeek)));
}

/** The weekly slots that stand on a date: none when a day off (BLOCK) covers it. */
export async function findWeeklySlotsOn(db: Db, psychologistId: number, day: { date: string; dayOfWeek: DayOfWeek }) {
  const [block] = await db
    .select({ id: scheduleExceptions.id })
    .from(scheduleExceptions)
    .where(
      and(
        eq(scheduleExceptions.psychologistId, psychologistId),
        eq(scheduleExceptions.kind, 'BLOCK'),
        lte(scheduleExceptions.startDate, day.date),
        gte(scheduleExceptions.endDate, day.date),
      ),
    )
    .limit(1);
  return block ? [] : findWeeklySlotsOf(db, psychologistId, day.dayOfWeek);
}

/** Confirmed sessions of the psychologist that start in [from, to) and have not ended by `now`, soonest first. */
export function findConfirmedStarting(db: Db, psychologistId: number, span: { from: Date; to: Date; now: Date }) {
  return db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      patientFirstName: users.firstName,
      patientLastName: users.lastName,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.patientId))
    .where(
      and(
        eq(appointments.psychologistId, psychologistId),
        eq(appointments.status, 'CONFIRMED'),
        gte(appointments.startsAt, span.from),
        lt(appointments.startsAt, span.to),
        gt(appointments.endsAt, span.now),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** Must run inside a transaction: holds the psychologist's row so two additions are counted and checked one by one. */
export async function lockPsychologist(tx: Db, psychologistId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, psychologistId)).for('no key update');
}
