import { z } from 'zod';
import {
  bodyIdSchema,
  errorBodySchema,
  idSchema,
  inputString,
  isoDateSchema,
  optionalText,
  readVersionSchema,
  requiredText,
  versionSchema,
} from './common.js';
import { LIMITS } from './constants.js';
import { pageQuerySchema, pageSchema } from './paging.js';
import { therapyTypeSchema } from './therapy.js';
import { instantSchema, whenSchema } from './when.js';

/** Patients a group takes, beside its psychologist. */
export const GROUP_CAPACITY = { min: 2, max: 15 } as const;
/** The most people in a group call on the peer-to-peer room (psychologist included); more needs the media server. */
export const GROUP_MESH_MAX_PEOPLE = 4;
export const GROUP_DURATIONS = [60, 90, 120] as const;
export const GROUP_SESSIONS_MAX = 52;
export const GROUP_REPEAT_DAYS_MAX = 28;
export const GROUP_TITLE_MAX = 120;

/** OPEN: patients join from search; INVITE: the psychologist adds patients they treat. */
export const GROUP_ENROLMENTS = ['OPEN', 'INVITE'] as const;
export const groupEnrolmentSchema = z.enum(GROUP_ENROLMENTS);
export type GroupEnrolment = z.infer<typeof groupEnrolmentSchema>;

export const GROUP_STATUSES = ['ACTIVE', 'ENDED'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** A member's part in one session: marked by the psychologist, or EXCUSED when the member skipped it in time. */
export const ATTENDANCE_STATUSES = ['ATTENDED', 'NO_SHOW', 'LATE_CANCEL', 'EXCUSED'] as const;
export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES);
export type AttendanceStatus = z.infer<typeof attendanceStatusSchema>;
/** What a psychologist may mark; EXCUSED comes from the member's own skip. */
export const markedAttendanceSchema = z.enum(['ATTENDED', 'NO_SHOW', 'LATE_CANCEL']);

const titleSchema = requiredText(GROUP_TITLE_MAX);
const capacitySchema = z.number().int().min(GROUP_CAPACITY.min).max(GROUP_CAPACITY.max);

/** POST /psychologist/groups: a program and its sessions, `firstStartsAt` then every `repeatDays` days. */
export const createGroupBodySchema = z.object({
  title: titleSchema,
  description: optionalText(LIMITS.longText),
  therapyType: therapyTypeSchema,
  capacity: capacitySchema,
  enrolment: groupEnrolmentSchema,
  firstStartsAt: instantSchema,
  durationMinutes: z.union([z.literal(60), z.literal(90), z.literal(120)]),
  sessionCount: z.number().int().min(1).max(GROUP_SESSIONS_MAX),
  repeatDays: z.number().int().min(1).max(GROUP_REPEAT_DAYS_MAX),
});
export type CreateGroupBody = z.input<typeof createGroupBodySchema>;

/** PUT /psychologist/groups/{id}: capacity never below the members enrolled (409 CONFLICT). */
export const updateGroupBodySchema = z.object({
  title: titleSchema,
  description: optionalText(LIMITS.longText),
  capacity: capacitySchema,
  version: versionSchema.optional(),
});
export type UpdateGroupBody = z.input<typeof updateGroupBodySchema>;

export const groupSessionStatusSchema = z.enum(['CONFIRMED', 'CANCELED']);
/** One session of a program, in the caller's zone (see whenSchema). */
export const groupSessionSchema = whenSchema.extend({
  id: z.number().int(),
  status: groupSessionStatusSchema,
  /** Null for anyone who may not enter the room (search results). */
  videoCallRoomId: z.string().nullable(),
});
export type GroupSession = z.infer<typeof groupSessionSchema>;

const groupCore = {
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  therapyType: therapyTypeSchema,
  capacity: z.number().int(),
  enrolment: groupEnrolmentSchema,
  durationMinutes: z.number().int(),
  status: z.enum(GROUP_STATUSES),
  seatsLeft: z.number().int(),
};

/** A program as its psychologist sees it. */
export const groupProgramSchema = z.object({
  ...groupCore,
  memberCount: z.number().int(),
  version: z.number().int(),
  sessions: z.array(groupSessionSchema),
});
export type GroupProgram = z.infer<typeof groupProgramSchema>;
export const groupProgramListSchema = z.array(groupProgramSchema);

/** A program as a patient finds it: never its members. */
export const publicGroupSchema = z.object({
  ...groupCore,
  psychologist: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), timeZone: z.string() }),
  /** Whether the caller is a member. */
  member: z.boolean(),
  sessions: z.array(groupSessionSchema),
});
export type PublicGroup = z.infer<typeof publicGroupSchema>;

export const groupSearchQuerySchema = z.object({
  page: inputString()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .optional()
    .default(0),
  size: inputString()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .pipe(z.number().min(1).max(50))
    .optional()
    .default(20),
  therapyType: therapyTypeSchema.optional(),
  startDate: isoDateSchema.optional(),
  endDate: isoDateSchema.optional(),
});
export type GroupSearchQuery = z.input<typeof groupSearchQuerySchema>;
export const groupSearchPageSchema = z.object({
  content: z.array(publicGroupSchema),
  totalPages: z.number().int(),
  last: z.boolean(),
});
export type GroupSearchPage = z.infer<typeof groupSearchPageSchema>;

/** POST /patient/groups/{id}/enrolment: the patient has read and accepts the group agreement. */
export const enrolmentBodySchema = z.object({ agreementAccepted: z.literal(true) });
export type EnrolmentBody = z.input<typeof enrolmentBodySchema>;

export const addMemberBodySchema = z.object({ patientId: bodyIdSchema });

/** A member as the psychologist sees them; never shown to other members. */
export const groupMemberSchema = z.object({
  patientId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string().nullable(),
  joinedAt: z.string(),
  /** Their attendance in each session that has a mark, by session id. */
  attendance: z.record(z.string(), attendanceStatusSchema),
  /** Their individual sessions with this psychologist that have not ended. */
  upcomingIndividual: z.number().int(),
  /** When the first of those starts (ISO 8601 instant), or null when there is none. */
  nextIndividualAt: z.string().nullable(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;
export const groupMemberListSchema = z.array(groupMemberSchema);

export const attendanceBodySchema = z
  .array(z.object({ patientId: bodyIdSchema, status: markedAttendanceSchema }))
  .min(1)
  .max(GROUP_CAPACITY.max);
export type AttendanceBody = z.input<typeof attendanceBodySchema>;

/** PUT /psychologist/group-sessions/{id}: a new start; the length stays. */
export const moveGroupSessionBodySchema = z.object({ startsAt: instantSchema });
export const groupMessageBodySchema = z.object({ message: requiredText(1000) });

/** The group note of one session: the psychologist's alone. */
export const groupNoteSchema = z.object({ content: z.string(), version: z.number().int(), updatedAt: z.string().nullable() });
/** `version`: the one read; 0 for a note read before anyone wrote it, so two first saves cannot both land. */
export const groupNoteBodySchema = z.object({ content: inputString(), version: readVersionSchema.optional() });
export type GroupNote = z.infer<typeof groupNoteSchema>;

/** What a group session entry in an appointment list names of its program. */
export const appointmentGroupSchema = z.object({ id: z.number().int(), title: z.string() });

/** …/groups/{id}/members/{patientId}. */
export const groupMemberParamsSchema = z.object({ id: idSchema, patientId: idSchema });

/** The marks of one session after a change, one per member marked (or excused). */
export const groupAttendanceListSchema = z.array(z.object({ patientId: z.number().int(), status: attendanceStatusSchema }));

/** How many members a message to the whole group went to. */
export const groupMessageResultSchema = z.object({ sent: z.number().int() });

/**
 * 409 OVERLAP: a session would overlap time the person is already taken. `clash` names what it met (an individual
 * session or another group's session, its instants) and `sessionStartsAt` which of the group's sessions, when known.
 */
export const groupOverlapSchema = errorBodySchema.extend({
  code: z.literal('OVERLAP'),
  sessionStartsAt: z.string().optional(),
  clash: z.object({ kind: z.enum(['INDIVIDUAL', 'GROUP']), startsAt: z.string(), endsAt: z.string() }).optional(),
});

/** A program in the admins' list: who runs it, how full it is, when it next meets and its sessions (never its members). */
export const adminGroupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  therapyType: therapyTypeSchema,
  enrolment: groupEnrolmentSchema,
  status: z.enum(GROUP_STATUSES),
  capacity: z.number().int(),
  memberCount: z.number().int(),
  psychologist: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  nextSession: groupSessionSchema.nullable(),
  /** All its sessions in order, canceled ones too (never their rooms), on the admin's clock. */
  sessions: z.array(groupSessionSchema),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;
export const adminGroupQuerySchema = pageQuerySchema();
export const adminGroupPageSchema = pageSchema(adminGroupSchema);
