import { z } from 'zod';
import { whenSchema } from './appointments.js';
import { errorBodySchema, idSchema, isoDateSchema } from './common.js';
import { slotProblem } from './psychologist.js';
import { timeSchema } from './time.js';

/** BLOCK: no weekly slots on the dates from startDate to endDate. SLOT: one extra slot on startDate. */
export const SCHEDULE_EXCEPTION_KINDS = ['BLOCK', 'SLOT'] as const;
export type ScheduleExceptionKind = (typeof SCHEDULE_EXCEPTION_KINDS)[number];

/** The longest block (a vacation), in days. */
export const SCHEDULE_BLOCK_MAX_DAYS = 92;

/**
 * One exception to a psychologist's weekly schedule, in their own wall clock and zone. A SLOT has startDate = endDate
 * and its times; a BLOCK has null times.
 */
export const scheduleExceptionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SCHEDULE_EXCEPTION_KINDS),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type ScheduleException = z.infer<typeof scheduleExceptionSchema>;
export const scheduleExceptionListSchema = z.array(scheduleExceptionSchema);

/**
 * POST /psychologist/schedule/exceptions, dates and times on the psychologist's own wall clock. A block must not have
 * ended (endDate from today on); blocking dates that hold confirmed sessions is 409 HAS_APPOINTMENTS (the sessions
 * listed in `appointments`, see scheduleBlockConflictSchema) unless `confirm` is true; the sessions stay booked either
 * way. A slot follows the weekly schedule's rules (its lengths, starting on a multiple of its length), lies ahead of
 * now, and must not overlap another one-off slot of that date or a weekly slot of that weekday (409 SLOT_OVERLAP).
 */
export const scheduleExceptionBodySchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('BLOCK'), startDate: isoDateSchema, endDate: isoDateSchema, confirm: z.boolean().optional() })
    .superRefine((b, ctx) => {
      if (b.endDate < b.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate is before startDate' });
      const days = (Date.parse(b.endDate) - Date.parse(b.startDate)) / 86_400_000 + 1;
      if (days > SCHEDULE_BLOCK_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: `A block spans at most ${SCHEDULE_BLOCK_MAX_DAYS} days` });
      }
    }),
  z.object({ kind: z.literal('SLOT'), date: isoDateSchema, startTime: timeSchema, endTime: timeSchema }).superRefine((b, ctx) => {
    const problem = slotProblem(b);
    if (problem) ctx.addIssue({ code: 'custom', path: ['endTime'], message: problem });
  }),
]);
export type ScheduleExceptionBody = z.input<typeof scheduleExceptionBodySchema>;

export const scheduleExceptionParamsSchema = z.object({ id: idSchema });

/** A confirmed session on dates being blocked, in the psychologist's zone. */
export const blockedSessionSchema = whenSchema.extend({
  id: z.number().int(),
  patientFirstName: z.string(),
  patientLastName: z.string(),
});
export type BlockedSession = z.infer<typeof blockedSessionSchema>;

/** The 409 HAS_APPOINTMENTS answer to a block: the error shape plus the sessions on those dates, soonest first. */
export const scheduleBlockConflictSchema = errorBodySchema.extend({
  code: z.literal('HAS_APPOINTMENTS'),
  appointments: z.array(blockedSessionSchema),
});
export type ScheduleBlockConflict = z.infer<typeof scheduleBlockConflictSchema>;
