import {
  type BlockedSession,
  formatTime,
  parseTime,
  SCHEDULE_EXCEPTIONS_MAX,
  type ScheduleException,
  type scheduleExceptionBodySchema,
} from '@rozmova/contract';
import type { z } from 'zod';
import type { ViewerContext } from '../../access/context.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { addDays, dayOfWeekOf } from '../../lib/time.js';
import { instantOf, startOfDay, wallOf, whenIn } from '../../lib/zoned.js';
import * as repo from './exceptions-repository.js';

type Body = z.output<typeof scheduleExceptionBodySchema>;
type BlockBody = Extract<Body, { kind: 'BLOCK' }>;
type SlotBody = Extract<Body, { kind: 'SLOT' }>;

/** The psychologist's zone and their today in it: exceptions are dates of their own wall clock. */
function clockOf(ctx: ViewerContext) {
  const zone = timeZoneOf(ctx, ctx.user);
  return { zone, today: wallOf(ctx.clock.instant(), zone).date };
}

const present = (row: repo.ExceptionRow): ScheduleException => ({
  id: row.id,
  kind: row.kind,
  startDate: row.startDate,
  endDate: row.endDate,
  startTime: row.startMinute === null ? null : formatTime(row.startMinute),
  endTime: row.endMinute === null ? null : formatTime(row.endMinute),
});

/** The signed-in psychologist's exceptions that have not ended, soonest first. */
export async function listExceptions(ctx: ViewerContext): Promise<ScheduleException[]> {
  const rows = await repo.findCurrentExceptions(ctx.db, ctx.user.id, clockOf(ctx).today);
  return rows.map(present);
}

/**
 * Confirmed sessions that start on the block's dates and have not ended: 409 HAS_APPOINTMENTS listing them, in the
 * psychologist's zone, unless the block is confirmed. The sessions stay booked either way.
 */
async function checkSessions(ctx: ViewerContext, body: BlockBody, zone: string) {
  if (body.confirm) return;
  const sessions = await repo.findConfirmedStarting(ctx.db, ctx.user.id, {
    from: startOfDay(body.startDate, zone),
    to: startOfDay(addDays(body.endDate, 1), zone),
    now: ctx.clock.instant(),
  });
  if (sessions.length === 0) return;
  const listed: BlockedSession[] = sessions.map((s) => ({
    id: s.id,
    ...whenIn(s.startsAt, s.endsAt, zone),
    patientFirstName: s.patientFirstName,
    patientLastName: s.patientLastName,
  }));
  throw conflict(
    'HAS_APPOINTMENTS',
    `${listed.length} confirmed session(s) fall on these dates; they stay booked unless cancelled. Send confirm: true to block anyway`,
    { appointments: listed },
  );
}

/** A one-off slot's minutes, once it lies ahead of now and exists on the psychologist's clock; else 400. */
function slotSpan(ctx: ViewerContext, body: SlotBody, zone: string, today: string): repo.MinuteSpan {
  if (body.date < today) throw badRequest('body.date', 'This date has passed');
  const span = { startMinute: parseTime(body.startTime) as number, endMinute: parseTime(body.endTime) as number };
  const startsAt = instantOf({ date: body.date, minute: span.startMinute }, zone);
  if (!startsAt) throw badRequest('body.startTime', `This time does not exist on that date in ${zone}`);
  if (startsAt <= ctx.clock.instant()) throw badRequest('body.startTime', 'This time has passed');
  return span;
}

/** 409 SLOT_OVERLAP when the span overlaps a one-off slot of the date or a weekly slot of its weekday. */
async function checkOverlap(ctx: ViewerContext, date: string, span: repo.MinuteSpan) {
  const taken = await repo.findSlotsOn(ctx.db, ctx.user.id, { date, dayOfWeek: dayOfWeekOf(date) });
  if (taken.some((s) => s.startMinute < span.endMinute && s.endMinute > span.startMinute)) {
    throw conflict('SLOT_OVERLAP', 'This slot overlaps another slot of that date (a one-off or a weekly one)');
  }
}

/**
 * Runs an addition in a transaction that holds the psychologist's row, so concurrent additions are counted and checked
 * for overlaps one after another; past the limit of current exceptions, 409.
 */
function withinLimit(ctx: ViewerContext, today: string, add: (tx: ViewerContext) => Promise<repo.ExceptionRow>) {
  return ctx.db.transaction(async (tx) => {
    await repo.lockPsychologist(tx, ctx.user.id);
    if ((await repo.countCurrentExceptions(tx, ctx.user.id, today)) >= SCHEDULE_EXCEPTIONS_MAX) {
      throw conflict('CONFLICT', `You may keep at most ${SCHEDULE_EXCEPTIONS_MAX} blocks and one-off slots; delete some first`);
    }
    return add({ ...ctx, db: tx });
  });
}

async function addBlock(ctx: ViewerContext, body: BlockBody): Promise<repo.ExceptionRow> {
  const { zone, today } = clockOf(ctx);
  if (body.endDate < today) throw badRequest('body.endDate', 'These dates have passed');
  return withinLimit(ctx, today, async (tx) => {
    await checkSessions(tx, body, zone);
    const dates = { startDate: body.startDate, endDate: body.endDate };
    return repo.insertException(tx.db, tx.user.id, { kind: 'BLOCK', ...dates, startMinute: null, endMinute: null });
  });
}

async function addSlot(ctx: ViewerContext, body: SlotBody): Promise<repo.ExceptionRow> {
  const { zone, today } = clockOf(ctx);
  const span = slotSpan(ctx, body, zone, today);
  return withinLimit(ctx, today, async (tx) => {
    await checkOverlap(tx, body.date, span);
    return repo.insertException(tx.db, tx.user.id, { kind: 'SLOT', startDate: body.date, endDate: body.date, ...span });
  });
}

/** Adds a block of dates or a one-off slot to the signed-in psychologist's schedule. */
export async function addException(ctx: ViewerContext, body: Body): Promise<ScheduleException> {
  return present(body.kind === 'BLOCK' ? await addBlock(ctx, body) : await addSlot(ctx, body));
}

/** Deletes one of the psychologist's own exceptions; anyone else's is 404. */
export async function removeException(ctx: ViewerContext, id: number): Promise<void> {
  if (!(await repo.deleteException(ctx.db, ctx.user.id, id))) throw notFound('Schedule exception');
}
