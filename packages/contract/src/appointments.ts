import { z } from 'zod';
import { bodyIdSchema, inputString, isoDateSchema, optionalText, requiredText } from './common.js';
import { LIMITS, SEARCH_MAX_DAYS } from './constants.js';
import { appointmentGroupSchema, attendanceStatusSchema } from './groups.js';
import { therapyTypeSchema, WORK_LANGUAGES, workLanguageSchema } from './therapy.js';
import { parseTime, timeSchema } from './time.js';
import { instantSchema, whenSchema } from './when.js';

// Group programs build on these; they live apart so groups.ts and this file need not import each other.
export { instantSchema, type When, whenSchema } from './when.js';

/** NO_SHOW: the psychologist noted that the patient did not attend a session that had started. */
export const APPOINTMENT_STATUSES = ['CONFIRMED', 'CANCELED', 'NO_SHOW'] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** INDIVIDUAL: one patient's session with their psychologist; GROUP: a session of a group program (see groups.ts). */
export const APPOINTMENT_KINDS = ['INDIVIDUAL', 'GROUP'] as const;
export const appointmentKindSchema = z.enum(APPOINTMENT_KINDS);
export type AppointmentKind = z.infer<typeof appointmentKindSchema>;

export const appointmentSchema = whenSchema.extend({
  /** The appointment's id, or the group session's for kind GROUP: (kind, id) names an entry. */
  id: z.number().int(),
  kind: appointmentKindSchema,
  /** The program of a GROUP session; null for an individual one. */
  group: appointmentGroupSchema.nullable(),
  status: appointmentStatusSchema,
  cancellationReason: z.string().nullable(),
  /** Null where the viewer may not enter the room (a group session they excused themselves from). */
  videoCallRoomId: z.string().nullable(),
  doctorId: z.number().int(),
  doctorFirstName: z.string(),
  doctorLastName: z.string(),
  patientId: z.number().int(),
  patientFirstName: z.string(),
  patientLastName: z.string(),
  /** Each participant's own zone, to show the other side's local time. */
  doctorTimeZone: z.string(),
  patientTimeZone: z.string(),
  /** A GROUP entry about one patient (theirs, or their manager's view): that patient's attendance, if marked. */
  attendance: attendanceStatusSchema.nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * An entry of an appointment list. A psychologist's list has one entry per group session, and the admins' one per
 * group session too: there the patient fields are null. Individual entries and those about one patient carry them.
 */
export const appointmentListItemSchema = appointmentSchema.extend({
  patientId: z.number().int().nullable(),
  patientFirstName: z.string().nullable(),
  patientLastName: z.string().nullable(),
  patientTimeZone: z.string().nullable(),
});
export type AppointmentListItem = z.infer<typeof appointmentListItemSchema>;
export const appointmentListSchema = z.array(appointmentListItemSchema);

/**
 * `?status=` of GET /patient/appointments and /doctor/appointments. active: confirmed and not over, soonest first;
 * archived: the rest, most recent first. Individual and group entries are merged by time. A member's group session is
 * listed from when they joined until they left; one they excused themselves from is in the archive, with attendance
 * EXCUSED and no room.
 */
export const appointmentListQuerySchema = z.object({ status: z.enum(['active', 'archived']).default('active') });
export type AppointmentTab = z.infer<typeof appointmentListQuerySchema>['status'];

/**
 * POST /patient/appointments (and …/{id}/reschedule): a free slot of the psychologist, either as the spec's wall-clock
 * `date`, `startTime` and `endTime` in the caller's zone, or as the instant `startsAt` it begins.
 */
export const bookAppointmentBodySchema = z
  .object({
    psychologistId: bodyIdSchema,
    date: isoDateSchema.optional(),
    startTime: timeSchema.optional(),
    endTime: timeSchema.optional(),
    startsAt: instantSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.startsAt !== undefined) return;
    for (const field of ['date', 'startTime', 'endTime'] as const) {
      if (b[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'Required unless startsAt is given' });
    }
    if (b.startTime && b.endTime && (parseTime(b.endTime) as number) <= (parseTime(b.startTime) as number)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be after startTime' });
    }
  });
export type BookAppointmentBody = z.input<typeof bookAppointmentBodySchema>;

/** Rich HTML of a patient's feedback on a visit, at most this many bytes (UTF-8) before sanitising; larger is 413. */
export const REVIEW_MAX_BYTES = 20 * 1024;
/**
 * PUT /patient/appointments/{id}/review: the patient's feedback on their own appointment that has ended (409
 * NOT_ENDED before its end; 404 for anyone else's). Sanitised like notes; blank is 400. Sending it again replaces it.
 */
export const patientReviewBodySchema = z.object({
  review: inputString(),
  /**
   * The patientReviewedAt read (null: there was no feedback yet); feedback saved since is 409 STALE. Without it (the
   * spec's client) the save overwrites.
   */
  reviewedAt: instantSchema.nullable().optional(),
});
export type PatientReviewBody = z.input<typeof patientReviewBodySchema>;

/** An appointment as its patient lists it: with their own feedback on it (sanitised HTML) or null. */
export const patientAppointmentSchema = appointmentSchema.extend({
  patientReview: z.string().nullable(),
  /** When the feedback was last saved (ISO 8601 instant; each save is later than the one before), null when none. */
  patientReviewedAt: z.string().nullable(),
});
export type PatientAppointment = z.infer<typeof patientAppointmentSchema>;
export const patientAppointmentListSchema = z.array(patientAppointmentSchema);

export const cancelAppointmentBodySchema = z.object({ reason: requiredText(LIMITS.reason) });
/**
 * DELETE /patient/appointments/{id}: the patient cancels their own upcoming appointment, the reason optional (the body
 * too), until PATIENT_CANCEL_NOTICE_HOURS before its start.
 */
export const patientCancelBodySchema = z.object({ reason: optionalText(LIMITS.reason) }).nullish();
export type PatientCancelBody = z.input<typeof patientCancelBodySchema>;

export const appointmentInfoQuerySchema = z.object({ videoCallRoomId: inputString().trim().min(1).max(100) });
/**
 * What the video room shows of its appointment or group session: the participants, the time, and the window it may be
 * joined in (`opensAt` to `closesAt`, ISO 8601 instants: ROOM_OPENS_MINUTES_BEFORE its start to
 * ROOM_CLOSES_MINUTES_AFTER its end); `status` tells a canceled or not-attended session, which has nothing to join.
 */
export const appointmentInfoSchema = appointmentListItemSchema
  .omit({ id: true, cancellationReason: true, videoCallRoomId: true, attendance: true })
  .extend({
    opensAt: z.string(),
    closesAt: z.string(),
    /**
     * A GROUP room's members expected in it (not excused), as the call shows them: the first name and the first letter
     * of the last (the patient fields are null there); empty for an individual appointment.
     */
    members: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
  });
export type AppointmentInfo = z.infer<typeof appointmentInfoSchema>;

export const doctorSearchBodySchema = z
  .object({
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    therapyTypes: z.array(therapyTypeSchema).min(1).max(32),
    /** Only psychologists who work in one of these languages; any language when left out or empty. */
    languages: z.array(workLanguageSchema).max(WORK_LANGUAGES.length).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.endDate < b.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate is before startDate' });
    const days = (Date.parse(b.endDate) - Date.parse(b.startDate)) / 86_400_000 + 1;
    if (days > SEARCH_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `The range spans at most ${SEARCH_MAX_DAYS} days` });
    }
  });
export type DoctorSearchBody = z.input<typeof doctorSearchBodySchema>;

/** A free slot, in the caller's zone (see whenSchema). */
export const availableSlotSchema = whenSchema;
export type AvailableSlot = z.infer<typeof availableSlotSchema>;
export const doctorSearchResultSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  description: z.string(),
  /** The languages they work in. */
  languages: z.array(workLanguageSchema),
  /** The psychologist's own zone, to show their local time beside the caller's. */
  timeZone: z.string(),
  availableSlots: z.array(availableSlotSchema),
});
export type DoctorSearchResult = z.infer<typeof doctorSearchResultSchema>;
export const doctorSearchResponseSchema = z.array(doctorSearchResultSchema);
