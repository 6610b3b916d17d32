import { z } from 'zod';
import { idSchema, optionalText, requiredName, versionSchema } from './common.js';
import { LIMITS, SLOT_DURATIONS } from './constants.js';
import { verificationSchema } from './documents.js';
import { experienceSchema } from './onboarding.js';
import { pageQuerySchema, pageSchema } from './paging.js';
import { therapyTypeSchema, therapyTypesSchema, workLanguageSchema, workLanguagesSchema } from './therapy.js';
import { DAYS_OF_WEEK, dayOfWeekSchema, parseTime, timeSchema } from './time.js';

export const psychologistProfileUpdateSchema = z.object({
  firstName: requiredName(LIMITS.name),
  lastName: requiredName(LIMITS.name),
  experience: experienceSchema,
  therapyTypes: therapyTypesSchema,
  /** The languages they work in; left out, the saved ones stay. */
  languages: workLanguagesSchema.optional(),
  specialties: optionalText(LIMITS.shortText),
  education: optionalText(LIMITS.longText),
  certificates: optionalText(LIMITS.longText),
  description: optionalText(LIMITS.longText),
  /** The version read; a profile saved since is 409 STALE. */
  version: versionSchema.optional(),
});
export type PsychologistProfileUpdate = z.input<typeof psychologistProfileUpdateSchema>;

export const psychologistProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  experience: z.number().int().nullable(),
  therapyTypes: z.array(therapyTypeSchema),
  languages: z.array(workLanguageSchema),
  specialties: z.string(),
  education: z.string(),
  certificates: z.string(),
  description: z.string(),
  avatarUrl: z.string().nullable(),
  /** Whether the platform has checked this psychologist's documents; until then patients cannot find or book them. */
  verified: z.boolean(),
  /** Where the check of their documents stands, with an admin's reason when they were rejected. */
  verification: verificationSchema,
  /** Grows by one with every save of the profile; send it back with the save (see versionSchema). */
  version: z.number().int(),
});
export type PsychologistProfile = z.infer<typeof psychologistProfileSchema>;

export const timeSlotSchema = z.object({ startTime: timeSchema, endTime: timeSchema });
export type TimeSlot = z.infer<typeof timeSlotSchema>;

export const scheduleDaySchema = z.object({
  dayOfWeek: dayOfWeekSchema,
  timeSlots: z.array(timeSlotSchema).max(48),
});
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

/** Why a slot is refused, or null when it is a valid slot on its own. */
export function slotProblem(slot: TimeSlot): string | null {
  const start = parseTime(slot.startTime) as number;
  const end = parseTime(slot.endTime) as number;
  if (start >= end) return 'startTime must be before endTime';
  const length = end - start;
  if (!(SLOT_DURATIONS as readonly number[]).includes(length)) return `A slot lasts ${SLOT_DURATIONS.join(', ')} minutes`;
  if (start % length !== 0) return `A ${length}-minute slot must start on a multiple of ${length} minutes from 00:00`;
  return null;
}

/** A whole week: each day at most once, slots valid, no overlaps within a day. */
export const scheduleSchema = z
  .array(scheduleDaySchema)
  .max(DAYS_OF_WEEK.length)
  .superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach((day, d) => {
      if (seen.has(day.dayOfWeek)) {
        ctx.addIssue({ code: 'custom', path: [d, 'dayOfWeek'], message: `${day.dayOfWeek} appears more than once` });
      }
      seen.add(day.dayOfWeek);
      const ranges: [number, number, number][] = [];
      day.timeSlots.forEach((slot, s) => {
        const problem = slotProblem(slot);
        if (problem) ctx.addIssue({ code: 'custom', path: [d, 'timeSlots', s], message: problem });
        else ranges.push([parseTime(slot.startTime) as number, parseTime(slot.endTime) as number, s]);
      });
      ranges.sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < ranges.length; i++) {
        if (ranges[i][0] < ranges[i - 1][1]) {
          ctx.addIssue({ code: 'custom', path: [d, 'timeSlots', ranges[i][2]], message: 'Slots overlap' });
        }
      }
    });
  });
export type Schedule = z.infer<typeof scheduleSchema>;

/** A saved week as the server gives it: days MONDAY..SUNDAY that have slots, slots sorted, times HH:mm. */
export const scheduleResponseSchema = z.array(
  z.object({
    dayOfWeek: dayOfWeekSchema,
    timeSlots: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
  }),
);
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const scheduleQuerySchema = z.object({ psychologistId: idSchema.optional() });

export const doctorInfoSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  experience: z.number().int().nullable(),
  education: z.string(),
  description: z.string(),
  specialties: z.string(),
  certificates: z.string(),
  therapyTypes: z.array(therapyTypeSchema),
  languages: z.array(workLanguageSchema),
  avatarPath: z.string().nullable(),
});
export type DoctorInfo = z.infer<typeof doctorInfoSchema>;

/**
 * A verified psychologist as anyone sees them before signing in (GET /api/public/psychologists): what helps choose,
 * no contact details and no picture.
 */
export const publicPsychologistSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  experience: z.number().int().nullable(),
  specialties: z.string(),
  therapyTypes: z.array(therapyTypeSchema),
  languages: z.array(workLanguageSchema),
});
export type PublicPsychologist = z.infer<typeof publicPsychologistSchema>;
export const publicPsychologistPageSchema = pageSchema(publicPsychologistSchema);
export type PublicPsychologistPage = z.infer<typeof publicPsychologistPageSchema>;
/** The public list's pages: `page` from 0, `size` at most 48 (the web asks for 24). */
export const PUBLIC_PSYCHOLOGISTS_PAGE_SIZE = 24;
export const publicPsychologistsQuerySchema = pageQuerySchema(48);

/** Answer to an avatar upload: where the new avatar is served. */
export const avatarUploadResponseSchema = z.object({ avatarUrl: z.string() });
export type AvatarUploadResponse = z.infer<typeof avatarUploadResponseSchema>;
