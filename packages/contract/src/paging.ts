import { z } from 'zod';
import { inputString } from './common.js';
import { ADMIN_PAGE_SIZE } from './constants.js';

/** A non-negative whole number in a query string, in plain digits. */
const queryNumber = (max: number) =>
  inputString()
    .regex(/^(0|[1-9][0-9]*)$/, 'Expected a whole number in plain digits')
    .transform(Number)
    .pipe(z.number().max(max));

/** `page` (0-based, default 0) and `size` (1..maxSize, default ADMIN_PAGE_SIZE) of a paged list. */
export const pageQuerySchema = (maxSize = 100) =>
  z.object({
    page: queryNumber(1_000_000).optional().default(0),
    size: queryNumber(maxSize).pipe(z.number().min(1)).optional().default(Math.min(ADMIN_PAGE_SIZE, maxSize)),
  });
export type PageQuery = z.output<ReturnType<typeof pageQuerySchema>>;

/** `page` and `size` for a list that is also served whole: each absent stays absent (see `pagedOrNot`). */
export const optionalPageQuerySchema = (maxSize = 100) =>
  z.object({
    page: queryNumber(1_000_000).optional(),
    size: queryNumber(maxSize).pipe(z.number().min(1)).optional(),
  });

/** One page of a list: its items, where it is (page from 0, size) and how many there are in all. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    /** True on the last page (also when the list is empty). */
    last: z.boolean(),
  });
export type Page<T> = { content: T[]; page: number; size: number; totalElements: number; totalPages: number; last: boolean };

/** `true` or `false` in a query string. */
export const queryBooleanSchema = z.enum(['true', 'false']).transform((v) => v === 'true');
