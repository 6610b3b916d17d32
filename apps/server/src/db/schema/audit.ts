import { AUDIT_ACTIONS } from '@rozmova/contract';
import { bigserial, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { roleEnum } from './users.js';

export const auditActionEnum = pgEnum('audit_action', AUDIT_ACTIONS);

/**
 * Append-only trail of changes to clinical notes, of their reads by anyone but the author, and of every admin change.
 * No foreign keys: the trail must outlive the notes, appointments and accounts it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Who acted, holding which role. */
    userId: integer('user_id').notNull(),
    role: roleEnum('role'),
    action: auditActionEnum('action').notNull(),
    /** The note of a note event. */
    recordId: integer('record_id'),
    /** The patient concerned: whom a note is about, who was assigned, whose appointment was canceled. */
    patientId: integer('patient_id'),
    /** The account acted on by an admin: the user enabled, disabled or verified, the patient assigned or unassigned. */
    subjectId: integer('subject_id'),
    /** The manager of an assignment event. */
    managerId: integer('manager_id'),
    appointmentId: integer('appointment_id'),
    /** What else the act carries, e.g. the reason of a cancel. */
    detail: text('detail'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_record_idx').on(t.recordId),
    index('audit_events_user_at_idx').on(t.userId, t.at),
    index('audit_events_subject_at_idx').on(t.subjectId, t.at),
  ],
);
