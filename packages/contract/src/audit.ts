import { z } from 'zod';

/**
 * What the audit trail records: changes to clinical notes and their reads by anyone but the author (CREATE, UPDATE,
 * DELETE, READ), reads of a patient's outcome measures by anyone but the patient (MEASURE_READ), every change an
 * admin makes to accounts, assignments and appointments, and every admin read of a psychologist's verification
 * document (DOCUMENT_READ).
 */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'READ',
  'MEASURE_READ',
  'USER_ENABLE',
  'USER_DISABLE',
  'PSYCHOLOGIST_VERIFY',
  'PSYCHOLOGIST_UNVERIFY',
  'MANAGER_ASSIGN',
  'MANAGER_UNASSIGN',
  'APPOINTMENT_CANCEL',
  'PSYCHOLOGIST_REJECT',
  'DOCUMENT_READ',
  'DATA_EXPORT',
  'ACCOUNT_DELETE',
  'RECORDS_PURGE',
  'CONVERSATIONS_READ',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;
/** The audit actions that admins cause (everything but the clinical-note ones). */
export const ADMIN_AUDIT_ACTIONS = [
  'USER_ENABLE',
  'USER_DISABLE',
  'PSYCHOLOGIST_VERIFY',
  'PSYCHOLOGIST_UNVERIFY',
  'MANAGER_ASSIGN',
  'MANAGER_UNASSIGN',
  'APPOINTMENT_CANCEL',
  'PSYCHOLOGIST_REJECT',
  'DOCUMENT_READ',
  'CONVERSATIONS_READ',
] as const satisfies readonly AuditAction[];
