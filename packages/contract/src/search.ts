import { z } from 'zod';
import { doctorSearchResponseSchema, doctorSearchResultSchema } from './appointments.js';
import { idSchema, inputString } from './common.js';
import { SEARCH_PAGE_MAX } from './constants.js';

/**
 * Optional query of POST /patient/doctors/search. Without any of these the call answers every doctor with all their
 * free slots, as it always did. `limit` or `cursor` ask for one page of doctors (`limit` defaults to
 * SEARCH_PAGE_SIZE); `psychologistId` narrows the answer to that doctor with all their free slots.
 */
export const doctorSearchQuerySchema = z.object({
  limit: inputString()
    .regex(/^[1-9][0-9]{0,2}$/, 'Expected a whole number from 1 in plain digits')
    .transform(Number)
    .pipe(z.number().max(SEARCH_PAGE_MAX))
    .optional()
    .describe(`Doctors per page, 1 to ${SEARCH_PAGE_MAX}; asks for a page`),
  cursor: inputString()
    .min(1)
    .max(512)
    .optional()
    .describe('The nextCursor of the previous page, as it came; asks for the page after it'),
  psychologistId: idSchema.optional().describe('Only this doctor, with all their free slots in the range'),
});
export type DoctorSearchQuery = z.input<typeof doctorSearchQuerySchema>;

/** A doctor on a page of results: their nearest free slots and how many there are in the range in all. */
export const doctorSearchPageItemSchema = doctorSearchResultSchema.extend({
  freeSlotCount: z.number().int().describe('Free slots in the range in all; availableSlots holds the nearest of them'),
});
export type DoctorSearchPageItem = z.infer<typeof doctorSearchPageItemSchema>;

/** One page of doctors with at least one free slot in the range, in a stable order (name, then id). */
export const doctorSearchPageSchema = z.object({
  doctors: z.array(doctorSearchPageItemSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
});
export type DoctorSearchPage = z.infer<typeof doctorSearchPageSchema>;

/** The search answers a plain list (no paging asked) or a page. */
export const doctorSearchAnswerSchema = z.union([doctorSearchResponseSchema, doctorSearchPageSchema]);
