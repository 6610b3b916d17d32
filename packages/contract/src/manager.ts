import { z } from 'zod';
import { appointmentKindSchema, appointmentStatusSchema, whenSchema } from './appointments.js';
import { idSchema, requiredName, versionSchema } from './common.js';
import { LIMITS } from './constants.js';
import { appointmentGroupSchema, attendanceStatusSchema } from './groups.js';

/** A patient as the manager who follows them sees them in the profile's patients tab and the dashboard. */
export const managedPatientSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  aboutMe: z.string(),
});
export type ManagedPatient = z.infer<typeof managedPatientSchema>;

/** GET /manager/profile: the signed-in manager and the patients assigned to them now. */
export const managerProfileSchema = z.object({
  managerId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  managedPatients: z.array(managedPatientSchema),
  /** Grows by one with every save of the profile; send it back with the save (see versionSchema). */
  version: z.number().int(),
});
export type ManagerProfile = z.infer<typeof managerProfileSchema>;

/**
 * PUT /manager/profile: only the names change. The spec's client also sends managerId, email and managedPatients;
 * they are accepted and ignored (a manager changes neither their e-mail nor their patients). Answers the profile.
 */
export const managerProfileUpdateSchema = z.object({
  firstName: requiredName(LIMITS.name),
  lastName: requiredName(LIMITS.name),
  /** The version read; a profile saved since is 409 STALE. */
  version: versionSchema.optional(),
});
export type ManagerProfileUpdate = z.input<typeof managerProfileUpdateSchema>;

/**
 * `{patientId}` of GET /manager/appointments/{patientId}, /manager/doctor-reviews/{patientId} and
 * /manager/visits/{patientId}: the user id of a patient the manager follows (any other id is 404).
 * GET /manager/appointments and /manager/appointments/{patientId} answer `appointmentListSchema` (every status,
 * soonest first; the screens split them: active = CONFIRMED, archived = CANCELED).
 */
export const managerPatientParamsSchema = z.object({ patientId: idSchema });

/** One clinical note a psychologist shared with managers, as a review: its id, when it was written, its sanitised HTML. */
export const doctorReviewItemSchema = z.object({
  id: z.number().int(),
  /** ISO 8601 instant the note was written. */
  date: z.string(),
  /** Sanitised HTML. */
  comment: z.string(),
});
export type DoctorReviewItem = z.infer<typeof doctorReviewItemSchema>;

/**
 * GET /manager/doctor-reviews/{patientId}: the patient's DOCTOR_MANAGER and DOCTOR_PATIENT_MANAGER notes grouped by
 * psychologist (groups by last name, first name; reviews newest first). Each read is on the audit trail.
 */
export const doctorReviewSchema = z.object({
  doctorId: z.number().int(),
  doctorFirstName: z.string(),
  doctorLastName: z.string(),
  reviews: z.array(doctorReviewItemSchema),
});
export type DoctorReview = z.infer<typeof doctorReviewSchema>;
export const doctorReviewListSchema = z.array(doctorReviewSchema);

/**
 * GET /manager/visits/{patientId}: the patient's past appointments and group sessions (ended before now, any status),
 * newest first; a group session (kind GROUP) names its program and the patient's attendance, never its note.
 * `date` is YYYY-MM-DD and `startTime`/`endTime` HH:mm in the caller's zone (show as 'MMMM D, YYYY HH:mm' from
 * date + startTime), with the instants beside (see whenSchema). `inProgram`: the patient was assigned to a manager when the visit started. `patientReview`: the
 * patient's own feedback on it (sanitised HTML) or null.
 */
export const pastVisitSchema = whenSchema.extend({
  id: z.number().int(),
  kind: appointmentKindSchema,
  group: appointmentGroupSchema.nullable(),
  attendance: attendanceStatusSchema.nullable(),
  status: appointmentStatusSchema,
  inProgram: z.boolean(),
  doctorId: z.number().int(),
  doctorFirstName: z.string(),
  doctorLastName: z.string(),
  patientReview: z.string().nullable(),
});
export type PastVisit = z.infer<typeof pastVisitSchema>;
export const pastVisitListSchema = z.array(pastVisitSchema);
