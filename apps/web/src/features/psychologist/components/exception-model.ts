import {
  formatTime,
  MINUTES_PER_DAY,
  parseTime,
  SCHEDULE_BLOCK_MAX_DAYS,
  SCHEDULE_EXCEPTIONS_MAX,
  type ScheduleExceptionBody,
  SLOT_DURATIONS,
  scheduleExceptionBodySchema,
} from '@rozmova/contract';
import { ApiError } from '../../../lib/api';
import { checkSchema } from '../../../lib/form-errors';

export type BlockBody = Extract<ScheduleExceptionBody, { kind: 'BLOCK' }>;
export type SlotBody = Extract<ScheduleExceptionBody, { kind: 'SLOT' }>;
/** The picker's range: nothing, the first day, or the first and the last. */
export type DateRange = [string | null, string | null];

/** Start times a one-off slot may have: every half hour of the day, as HH:mm. */
export const SLOT_STARTS: string[] = Array.from({ length: MINUTES_PER_DAY / 30 }, (_, i) => formatTime(i * 30));

/** Minutes from 00:00 of an HH:mm time. */
export const minutesOf = (time: string): number => parseTime(time) ?? 0;

/** The ends a slot starting at `start` (HH:mm) may have: each length that starts on a multiple of itself and ends by 24:00. */
export function slotEnds(start: string): string[] {
  const from = minutesOf(start);
  return SLOT_DURATIONS.filter((d) => from % d === 0 && from + d <= MINUTES_PER_DAY).map((d) => formatTime(from + d));
}

/**
 * Which input a failure belongs to (null: the form as a whole) and the text key and values that word it; kept as a key
 * so it reads in the language shown, also after a switch.
 */
export type FormFailure = { input: 'dates' | 'date' | 'start' | 'end' | null; key: string; values?: Record<string, unknown> };
type Checked<T> = { ok: true; body: T } | { ok: false; failure: FormFailure };

const problem = (input: FormFailure['input'], key: string, values?: Record<string, unknown>): Checked<never> => ({
  ok: false,
  failure: { input, key: `scheduleExceptions.errors.${key}`, ...(values && { values }) },
});

/** A block of the picked dates (one day when only the first is picked), checked with the contract's schema. */
export function checkBlock([startDate, endDate]: DateRange): Checked<BlockBody> {
  const body = { kind: 'BLOCK', startDate: startDate ?? '', endDate: endDate ?? startDate ?? '' };
  const checked = checkSchema(scheduleExceptionBodySchema, body, (field) => field);
  if (checked.ok) return { ok: true, body: checked.body as BlockBody };
  if (!startDate || checked.errors.startDate) return problem('dates', 'required');
  if (body.endDate < body.startDate) return problem('dates', 'endBeforeStart');
  return problem('dates', 'tooLong', { max: SCHEDULE_BLOCK_MAX_DAYS });
}

/** A one-off slot, checked with the contract's schema. */
export function checkSlot(date: string | null, startTime: string, endTime: string): Checked<SlotBody> {
  const checked = checkSchema(scheduleExceptionBodySchema, { kind: 'SLOT', date: date ?? '', startTime, endTime }, (f) => f);
  if (checked.ok) return { ok: true, body: checked.body as SlotBody };
  if (checked.errors.date) return problem('date', 'required');
  if (checked.errors.startTime) return problem('start', 'startRequired');
  return problem('end', 'invalidSlot');
}

const INPUT_OF: Record<string, FormFailure['input']> = {
  'body.startDate': 'dates',
  'body.endDate': 'dates',
  'body.date': 'date',
  'body.startTime': 'start',
  'body.endTime': 'end',
};

/** The words for a refused addition: past dates and times, overlaps and the limit get their own, the rest a generic text. */
export function failureOf(err: unknown): FormFailure {
  const generic: FormFailure = { input: null, key: 'scheduleExceptions.errors.generic' };
  if (!(err instanceof ApiError)) return generic;
  if (err.code === 'SLOT_OVERLAP') return { input: 'start', key: 'scheduleExceptions.errors.overlap' };
  if (err.code === 'CONFLICT') {
    return { input: null, key: 'scheduleExceptions.errors.limit', values: { max: SCHEDULE_EXCEPTIONS_MAX } };
  }
  if (err.status !== 400) return generic;
  const input = INPUT_OF[err.fields[0]?.field ?? ''] ?? null;
  if (input === 'dates') return { input, key: 'scheduleExceptions.errors.pastDates' };
  if (input === 'date') return { input, key: 'scheduleExceptions.errors.pastDate' };
  if (input === 'start') return { input, key: 'scheduleExceptions.errors.pastTime' };
  if (input === 'end') return { input, key: 'scheduleExceptions.errors.invalidSlot' };
  return generic;
}
