import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Which manager follows which patient, and when: the history of assignments. An open assignment has no `until`; the
 * database admits at most one open assignment per patient, so a patient has at most one manager at a time.
 */
export const managerAssignments = pgTable(
  'manager_assignments',
  {
    id: serial('id').primaryKey(),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    from: timestamp('from', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('manager_assignments_one_open_idx').on(t.patientId).where(sql`${t.until} is null`),
    index('manager_assignments_manager_idx').on(t.managerId, t.until),
    index('manager_assignments_patient_idx').on(t.patientId, t.from),
    check('manager_assignments_period_check', sql`${t.until} is null or ${t.until} >= ${t.from}`),
  ],
);
