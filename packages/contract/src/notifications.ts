import { z } from 'zod';
import { requiredText } from './common.js';
import { NOTIFICATIONS_PAGE_MAX, PATIENT_MESSAGE_MAX_CHARS } from './constants.js';
import { pageQuerySchema } from './paging.js';

/**
 * What a notification tells: an appointment booked, canceled, moved, coming up (24 hours or 1 hour ahead) or noted
 * as not attended, a psychologist's message to a patient, or a risk alert to a psychologist (a patient they treat
 * answered the PHQ-9's self-harm item above "not at all"; it never carries the answers or the score). GROUP_ kinds
 * tell the same of group programs: a member joined (with the sessions' invites), a session moved, canceled or coming
 * up, a member left (to them and their psychologist) or was removed, the program ended. VERIFIED,
 * VERIFICATION_REJECTED (with the admin's reason) and VERIFICATION_WITHDRAWN tell a psychologist what became of the
 * check of their documents.
 */
export const NOTIFICATION_KINDS = [
  'BOOKED',
  'CANCELED',
  'RESCHEDULED',
  'REMINDER_24H',
  'REMINDER_1H',
  'NO_SHOW',
  'MESSAGE',
  'RISK_ALERT',
  'GROUP_JOINED',
  'GROUP_SESSION_MOVED',
  'GROUP_SESSION_CANCELED',
  'GROUP_REMINDER_24H',
  'GROUP_REMINDER_1H',
  'GROUP_LEFT',
  'GROUP_REMOVED',
  'GROUP_ENDED',
  'VERIFIED',
  'VERIFICATION_REJECTED',
  'VERIFICATION_WITHDRAWN',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** One notification as its reader sees it: `title` and `text` in the reader's language and time zone. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  createdAt: z.string(),
  read: z.boolean(),
  /** The appointment it is about, when there is one. */
  appointmentId: z.number().int().nullable(),
  /** The patient a risk alert is about (their questionnaires open from it); null for any other kind. */
  patientId: z.number().int().nullable(),
  /** The conversation a new message came in (the thread opens from it); null for any other notification. */
  conversationId: z.number().int().nullable(),
  title: z.string(),
  text: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications?page=&size=: newest first; `unread` counts every unread one of the reader, on any page. */
export const notificationsQuerySchema = pageQuerySchema(NOTIFICATIONS_PAGE_MAX);
export const notificationsPageSchema = z.object({
  content: z.array(notificationSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  last: z.boolean(),
  unread: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** PUT /notifications/{id}/read and /notifications/read-all answer how many are left unread. */
export const unreadCountSchema = z.object({ unread: z.number().int() });

/**
 * GET/PUT /user/notification-preferences: whether reminder mails and mails about changes to appointments are sent.
 * Sign-in and security mails, the outcome of a psychologist's verification, and messages from one's psychologist, are
 * always sent.
 */
export const notificationPreferencesSchema = z.object({ reminderMails: z.boolean(), changeMails: z.boolean() });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** POST /doctor/patients/{id}/notifications: a short plain-text message to a patient the psychologist treats. */
export const patientMessageBodySchema = z.object({ message: requiredText(PATIENT_MESSAGE_MAX_CHARS) });
export type PatientMessageBody = z.infer<typeof patientMessageBodySchema>;
export const patientMessageSentSchema = z.object({ id: z.number().int() });
