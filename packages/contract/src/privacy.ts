import { z } from 'zod';
import { roleSchema } from './common.js';

/** The answer of POST /api/user/deletion (202): erased now, the kept clinical records purged after `purgeAfter`. */
export const deletionAcceptedSchema = z.object({
  requestedAt: z.string(),
  purgeAfter: z.string(),
  /** Own upcoming sessions canceled, each with notices to the other side. */
  canceledSessions: z.number().int(),
});
export type DeletionAccepted = z.infer<typeof deletionAcceptedSchema>;

/** PENDING: personal data erased, clinical records and audit trail kept sealed until purgeAfter; PURGED: all gone. */
export const deletionStateSchema = z.enum(['PENDING', 'PURGED']);
export type DeletionState = z.infer<typeof deletionStateSchema>;

export const accountDeletionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  role: roleSchema.nullable(),
  requestedAt: z.string(),
  purgeAfter: z.string(),
  purgedAt: z.string().nullable(),
  state: deletionStateSchema,
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
export const accountDeletionListSchema = z.array(accountDeletionSchema);
