import { z } from 'zod';
import { appointmentListItemSchema, cancelAppointmentBodySchema } from './appointments.js';
import { auditActionSchema } from './audit.js';
import {
  bodyIdSchema,
  emailSchema,
  idSchema,
  inputString,
  ROLE_NAMES,
  ROLES,
  type Role,
  requiredName,
  requiredText,
  roleNameSchema,
  versionSchema,
} from './common.js';
import { LIMITS } from './constants.js';
import { pageQuerySchema, pageSchema, queryBooleanSchema } from './paging.js';

/** Most rows a page of /admin/appointments may hold (the screen asks for 1000 and pages on the client). */
export const ADMIN_APPOINTMENTS_MAX_SIZE = 1000;

/**
 * A user row of /admin/users. `roles`: the account's role with the ROLE_ prefix (empty before onboarding).
 * `verified`: for psychologists, whether the platform has checked their documents (only verified ones are offered
 * in search and bookable); null for every other role.
 */
export const adminUserRowSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  roles: z.array(roleNameSchema),
  verified: z.boolean().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/**
 * GET /admin/users?page&size[&q][&role][&verified]: ordered by id. `q` matches first name, last name, full name or
 * e-mail (case-insensitive, part of the text); `role` one role (ADMIN, MANAGER, PSYCHOLOGIST, PATIENT, MODERATOR or
 * with the ROLE_ prefix); `verified=false` lists the psychologists who await verification (`true` the verified ones).
 */
export const adminUsersQuerySchema = pageQuerySchema().extend({
  q: inputString().trim().max(254).optional(),
  role: z
    .enum([...ROLES, ...ROLE_NAMES])
    .transform((r): Role => r.replace(/^ROLE_/, '') as Role)
    .optional(),
  verified: queryBooleanSchema.optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;
export const adminUsersPageSchema = pageSchema(adminUserRowSchema);

/** PUT /admin/users/{id}/enable?enable=true|false (no body): answers the user row. An admin cannot disable themself (409). */
export const adminEnableQuerySchema = z.object({ enable: queryBooleanSchema });
/**
 * PUT /admin/users/{id}/verify?verified=true|false: answers the user row; 404 unless the user is a psychologist.
 * `verified=true` approves; `verified=false` with a body `{ reason }` rejects the documents (the psychologist sees the
 * reason and may send new ones), and without one withdraws a verification (back to awaiting a check).
 */
export const adminVerifyQuerySchema = z.object({ verified: queryBooleanSchema });
/** The optional body of the verify call: why the documents are rejected (only with verified=false). */
export const adminVerifyBodySchema = z.object({ reason: requiredText(LIMITS.reason) }).nullish();
export type AdminVerifyBody = z.input<typeof adminVerifyBodySchema>;

/** A patient as admins see them in assignments. */
export const adminPatientSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type AdminPatient = z.infer<typeof adminPatientSchema>;
/** GET /admin/unassigned-patients: enabled or not, every patient with no manager now, by last name, first name. */
export const adminPatientListSchema = z.array(adminPatientSchema);

/** A manager row of /admin/managers: the user fields, the patients assigned now and their count. */
export const adminManagerRowSchema = adminUserRowSchema.extend({
  assignedPatients: z.array(adminPatientSchema),
  assignedPatientCount: z.number().int(),
});
export type AdminManagerRow = z.infer<typeof adminManagerRowSchema>;
/** GET /admin/managers?page&size: managers ordered by id. */
export const adminManagersQuerySchema = pageQuerySchema();
export const adminManagersPageSchema = pageSchema(adminManagerRowSchema);

/** One manager's current patients: the answer of managers-assigned (one per id asked), assign-manager and remove-assignment. */
export const managerAssignmentsSchema = z.object({
  managerId: z.number().int(),
  assignedPatients: z.array(adminPatientSchema),
});
export type ManagerAssignments = z.infer<typeof managerAssignmentsSchema>;
/** POST /admin/managers-assigned: a list of manager ids (ids that are not managers are left out of the answer). */
export const managersAssignedBodySchema = z.array(bodyIdSchema).max(100);
export const managersAssignedResponseSchema = z.array(managerAssignmentsSchema);

/**
 * POST /admin/assign-manager: 409 ALREADY_ASSIGNED when the patient already has a manager; 404 when managerId is not
 * a manager or patientId not a patient. Answers the manager's patients after the change.
 */
export const assignManagerBodySchema = z.object({ managerId: bodyIdSchema, patientId: bodyIdSchema });
export type AssignManagerBody = z.input<typeof assignManagerBodySchema>;
/** DELETE /admin/remove-assignment?managerId&patientId: 404 when that patient is not assigned to that manager now. */
export const removeAssignmentQuerySchema = z.object({ managerId: idSchema, patientId: idSchema });

/** GET /admin/profile: always the signed-in admin's own. */
export const adminProfileSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  /** Grows by one with every save of the profile; send it back with the save (see versionSchema). */
  version: z.number().int(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;
/** `?email=` of GET/PUT /admin/profile, as the spec's client sends it: optional; naming another account is 403. */
export const adminProfileQuerySchema = z.object({ email: emailSchema.optional() });
/** PUT /admin/profile: only the names change; id, email and enabled in the body are accepted and ignored. */
export const adminProfileUpdateSchema = z.object({
  firstName: requiredName(LIMITS.name),
  lastName: requiredName(LIMITS.name),
  /** The version read; a profile saved since is 409 STALE. */
  version: versionSchema.optional(),
});
export type AdminProfileUpdate = z.input<typeof adminProfileUpdateSchema>;

/** A row of /admin/appointments. */
export const adminAppointmentRowSchema = appointmentListItemSchema.omit({ videoCallRoomId: true });
export type AdminAppointmentRow = z.infer<typeof adminAppointmentRowSchema>;
/** GET /admin/appointments?page&size (size up to 1000, default 10): newest date and time first. */
export const adminAppointmentsQuerySchema = pageQuerySchema(ADMIN_APPOINTMENTS_MAX_SIZE);
export const adminAppointmentsPageSchema = pageSchema(adminAppointmentRowSchema);
/**
 * DELETE /admin/appointments/{id} with body reason (non-blank: 400 otherwise): only an upcoming CONFIRMED appointment
 * (409 NOT_CANCELABLE otherwise). Answers the canceled row.
 */
export const adminCancelBodySchema = cancelAppointmentBodySchema;

/** Who is named on an audit row: id, names and e-mail (blank names when the account is gone). */
const auditPersonSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

/**
 * A row of the audit trail. `actor` did `action` at `at` (ISO 8601), holding `actorRole`. `subject`: the account acted
 * on (the user enabled, disabled or verified; the patient assigned, unassigned, or whose note or appointment it is).
 * `managerId`: for assignments. `recordId`: for note events. `appointmentId` and `detail` (the reason): for cancels.
 */
export const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: auditActionSchema,
  actor: auditPersonSchema,
  actorRole: roleNameSchema.nullable(),
  subject: auditPersonSchema.nullable(),
  managerId: z.number().int().nullable(),
  recordId: z.number().int().nullable(),
  appointmentId: z.number().int().nullable(),
  detail: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/**
 * GET /admin/audit?page&size[&actorId][&action][&subjectId]: newest first (by time, then id). `actorId`: who acted;
 * `subjectId`: the account acted on, the patient concerned or the manager of an assignment.
 */
export const adminAuditQuerySchema = pageQuerySchema().extend({
  actorId: idSchema.optional(),
  action: auditActionSchema.optional(),
  subjectId: idSchema.optional(),
});
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;
export const adminAuditPageSchema = pageSchema(auditRowSchema);
