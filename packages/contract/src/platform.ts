import { z } from 'zod';
import { isoDateSchema } from './common.js';

/** The platform's wall clock: its zone and today's date there, which "today" means for every date rule. */
export const platformInfoSchema = z.object({
  timeZone: z.string(),
  today: isoDateSchema,
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;
