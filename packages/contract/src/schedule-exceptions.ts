import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { parseTime, timeSchema } from './time.js';

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
 * POST /psychologist/schedule/exceptions. Blocking dates that hold confirmed sessions is 409 HAS_APPOINTMENTS (the
 * sessions listed in `appointments`) unless `confirm` is true; the sessions stay booked either way. A slot that
 * overlaps another slot of that date is 409 SLOT_OVERLAP.
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
  z
    .object({ kind: z.literal('SLOT'), date: isoDateSchema, startTime: timeSchema, endTime: timeSchema })
    .refine((b) => (parseTime(b.endTime) as number) > (parseTime(b.startTime) as number), {
      path: ['endTime'],
      message: 'endTime must be after startTime',
    }),
]);
export type ScheduleExceptionBody = z.input<typeof scheduleExceptionBodySchema>;

export const scheduleExceptionParamsSchema = z.object({ id: idSchema });
