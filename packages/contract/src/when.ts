import { z } from 'zod';
import { inputString } from './common.js';

/**
 * When a session or slot happens: `date`, `startTime` and `endTime` are the wall clock of `timeZone`, the caller's own
 * zone; `startsAt` and `endsAt` are the instants (ISO 8601, UTC). `endTime` may fall on the next day ("00:30").
 */
export const whenSchema = z.object({
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
});
export type When = z.infer<typeof whenSchema>;

/** An instant as ISO 8601 with a zone designator ("2026-03-29T07:00:00Z", "…+03:00"). */
export const instantSchema = inputString()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
    'Expected an ISO 8601 instant such as 2026-03-29T07:00:00Z',
  )
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Not a real instant');
