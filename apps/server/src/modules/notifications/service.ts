import { randomUUID } from 'node:crypto';
import {
  LOCALES,
  type Locale,
  type Notification,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsPage,
  PATIENT_MESSAGES_PER_HOUR,
  type PageQuery,
} from '@rozmova/contract';
import type { AppContext, ViewerContext } from '../../access/context.js';
import type { Db } from '../../db/client.js';
import { lockUser } from '../../db/lock-user.js';
import type { NotificationDetails } from '../../db/schema/index.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { notFound, RateLimitedError } from '../../lib/errors.js';
import { pageWindow, toPage } from '../../lib/paging.js';
import { open, seal } from '../../lib/records-cipher.js';
import { calendarInvite } from './calendar.js';
import { queueDueGroupReminders } from './group-reminders.js';
import { MAIL_QUEUE } from './mail-queue.js';
import * as repo from './repository.js';
import { riskMailPace } from './risk-pace.js';
import * as riskRepo from './risk-repository.js';
import { say } from './texts.js';

export { MAIL_QUEUE };

/** Something that happened to an appointment, or a reminder of it coming up. */
export type AppointmentNews =
  | { kind: 'BOOKED' | 'NO_SHOW' | 'REMINDER_24H' | 'REMINDER_1H'; appointment: repo.AppointmentFacts }
  | { kind: 'CANCELED'; appointment: repo.AppointmentFacts; by: 'PATIENT' | 'PSYCHOLOGIST' | 'ADMIN'; reason: string | null }
  | { kind: 'RESCHEDULED'; appointment: repo.AppointmentFacts; previous: { startsAt: Date; endsAt: Date } };

/**
 * Who hears of it: a no-show the patient; anything else both, a cancel included, since both got the booking's
 * invite and its cancellation takes the session out of their calendars.
 */
function recipientsOf(news: AppointmentNews): ('PATIENT' | 'PSYCHOLOGIST')[] {
  if (news.kind === 'NO_SHOW') return ['PATIENT'];
  return ['PATIENT', 'PSYCHOLOGIST'];
}

/**
 * Records the news for each of its recipients and queues their mails, in the caller's transaction: the notifications
 * and their mail jobs exist if and only if the change itself commits. Each is keyed by the appointment, its sequence,
 * the kind and the recipient, so the same news is never recorded twice.
 */
export async function notifyAppointment(ctx: AppContext, tx: Db, news: AppointmentNews): Promise<void> {
  const a = news.appointment;
  const names = await repo.namesOf(tx, [a.patientId, a.psychologistId]);
  const now = ctx.clock.instant();
  const rows = recipientsOf(news).map((as): repo.NewNotification => {
    const userId = as === 'PATIENT' ? a.patientId : a.psychologistId;
    const otherId = as === 'PATIENT' ? a.psychologistId : a.patientId;
    const details: NotificationDetails = {
      as,
      otherName: names.get(otherId) ?? '',
      startsAt: a.startsAt.toISOString(),
      endsAt: a.endsAt.toISOString(),
      sequence: a.sequence,
      videoCallRoomId: a.videoCallRoomId,
      ...(news.kind === 'CANCELED' && { by: news.by, reason: news.reason }),
      ...(news.kind === 'RESCHEDULED' && {
        previousStartsAt: news.previous.startsAt.toISOString(),
        previousEndsAt: news.previous.endsAt.toISOString(),
      }),
    };
    return {
      userId,
      kind: news.kind,
      appointmentId: a.id,
      key: `appointment:${a.id}:${a.sequence}:${news.kind}:${userId}`,
      details,
      createdAt: now,
      // One's own cancel is news in the mailbox (the calendar's), not in the bell.
      ...(news.kind === 'CANCELED' && news.by === as && { readAt: now }),
    };
  });
  await queueMails(ctx, tx, await repo.insertNotifications(tx, rows));
}

/**
 * Alerts each psychologist who treats the patient that the patient answered the PHQ-9's self-harm item above "not
 * at all", in the caller's transaction (the alert exists if and only if the completion does). It names the patient
 * and nothing of the answers or the score, in the app and in the mail alike. Every alert is in the bell; mails about
 * one patient go at most once an hour to each psychologist, each telling how many alerts came since the last
 * (risk-pace.ts). Answers whom it alerted.
 */
export async function notifyRisk(
  ctx: AppContext,
  tx: Db,
  risk: { measureId: number; patientId: number; psychologistIds: number[] },
): Promise<number[]> {
  if (risk.psychologistIds.length === 0) return [];
  // One patient's alerts are paced one after the other, so two at once cannot both mail.
  await lockUser(tx, risk.patientId);
  const names = await repo.namesOf(tx, [risk.patientId]);
  const now = ctx.clock.instant();
  for (const userId of risk.psychologistIds) {
    const pace = riskMailPace(await riskRepo.lastRiskMail(tx, userId, risk.patientId), now);
    const joins = pace === 'joins-waiting-mail';
    const [id] = await repo.insertNotifications(tx, [
      {
        userId,
        kind: 'RISK_ALERT',
        appointmentId: null,
        key: `risk:${risk.measureId}:${userId}`,
        details: { as: 'PSYCHOLOGIST', otherName: names.get(risk.patientId) ?? '', patientId: risk.patientId },
        createdAt: now,
        ...(joins && { mail: 'SKIPPED' as const }),
      },
    ]);
    if (id !== undefined && !joins) await ctx.jobs.send(MAIL_QUEUE, { notificationId: id }, tx, pace.delaySeconds);
  }
  return risk.psychologistIds;
}

/** What an admin decided about a psychologist's documents. */
export type VerificationOutcome = 'VERIFIED' | 'VERIFICATION_REJECTED' | 'VERIFICATION_WITHDRAWN';

/**
 * Tells a psychologist what became of the check of their documents, in the caller's transaction: a bell item and a
 * mail, a rejection with the admin's reason. Keyed by the decision's time, so each decision tells once.
 */
export async function notifyVerification(
  ctx: AppContext,
  tx: Db,
  v: { psychologistId: number; outcome: VerificationOutcome; reason: string | null; at: Date },
): Promise<void> {
  const ids = await repo.insertNotifications(tx, [
    {
      userId: v.psychologistId,
      kind: v.outcome,
      appointmentId: null,
      key: `verification:${v.psychologistId}:${v.at.getTime()}:${v.outcome}`,
      details: { as: 'PSYCHOLOGIST', ...(v.outcome === 'VERIFICATION_REJECTED' && { reason: v.reason }) },
      createdAt: v.at,
    },
  ]);
  await queueMails(ctx, tx, ids);
}

async function queueMails(ctx: AppContext, tx: Db, ids: number[]): Promise<void> {
  for (const notificationId of ids) await ctx.jobs.send(MAIL_QUEUE, { notificationId }, tx);
}

/** How many notification mails wait to go out, and since when the oldest. */
export const mailBacklog = repo.mailBacklog;

/** After a transaction that queued mails has committed: this process sends them now rather than at its next poll. */
export const sendSoon = (ctx: AppContext): void => ctx.jobs.wake(MAIL_QUEUE);

const REMINDERS: { kind: NotificationKind; leadHours: number; laterLeadHours: number | null }[] = [
  { kind: 'REMINDER_24H', leadHours: 24, laterLeadHours: 1 },
  { kind: 'REMINDER_1H', leadHours: 1, laterLeadHours: null },
];

/**
 * Records the reminders that are due now and queues their mails. Reminders follow the appointments as they are: a
 * canceled session has none due, a moved one has its own for its new sequence, and one booked inside a reminder's
 * window never gets that reminder. Several processes may run this at once; each reminder is recorded once.
 */
export async function queueDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.instant();
  let queued = 0;
  for (const r of REMINDERS) {
    for (const appointment of await repo.dueReminders(ctx.db, { ...r, now })) {
      await ctx.db.transaction((tx) =>
        notifyAppointment(ctx, tx, { kind: r.kind as 'REMINDER_24H' | 'REMINDER_1H', appointment }),
      );
      queued += 1;
    }
  }
  queued += await queueDueGroupReminders(ctx);
  if (queued > 0) sendSoon(ctx);
  return queued;
}

export const localeOf = (locale: string): Locale => ((LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'en');

export const openMessage = (
  ctx: AppContext,
  row: { key: string; message: Uint8Array | null; messageKeyVersion: number | null },
) =>
  row.message && row.messageKeyVersion
    ? open(ctx.config.recordsKeyring, { content: row.message, keyVersion: row.messageKeyVersion }, row.key)
    : null;

/** The reader's notifications, newest first, each in their language and on their wall clock. */
export async function listNotifications(ctx: ViewerContext, query: PageQuery): Promise<NotificationsPage> {
  const { rows, total, unread } = await repo.listOwn(ctx.db, ctx.user.id, pageWindow(query));
  const reader = { locale: localeOf(ctx.user.locale), timeZone: timeZoneOf(ctx, ctx.user) };
  const content = rows.map((row): Notification => {
    const { title, lines } = say({ ...row, message: openMessage(ctx, row) }, reader);
    return {
      id: row.id,
      kind: row.kind,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
      appointmentId: row.appointmentId,
      patientId: row.kind === 'RISK_ALERT' ? (row.details.patientId ?? null) : null,
      conversationId: row.details.conversationId ?? null,
      title,
      text: lines.join(' '),
    };
  });
  return { ...toPage(content, total, query), unread };
}

export async function markRead(ctx: ViewerContext, id: number): Promise<{ unread: number }> {
  if (!(await repo.markRead(ctx.db, ctx.user.id, id, ctx.clock.instant()))) throw notFound('Notification');
  return { unread: await repo.countUnread(ctx.db, ctx.user.id) };
}

export async function markAllRead(ctx: ViewerContext): Promise<{ unread: number }> {
  await repo.markAllRead(ctx.db, ctx.user.id, ctx.clock.instant());
  return { unread: 0 };
}

export const getPreferences = (ctx: ViewerContext): Promise<NotificationPreferences> => repo.preferences(ctx.db, ctx.user.id);

export async function setPreferences(ctx: ViewerContext, prefs: NotificationPreferences): Promise<NotificationPreferences> {
  await repo.setPreferences(ctx.db, ctx.user.id, prefs);
  ctx.events.emit('accountChanged', ctx.user.id);
  return repo.preferences(ctx.db, ctx.user.id);
}

const HOUR_MS = 3_600_000;

/**
 * A psychologist's short message to a patient they treat (anyone else: 404): it lands in the patient's list and
 * mailbox. At most PATIENT_MESSAGES_PER_HOUR an hour per psychologist, counted from the stored messages, so the
 * allowance holds across restarts and processes.
 */
export async function sendPatientMessage(
  ctx: ViewerContext,
  input: { patientId: number; message: string },
): Promise<{ id: number }> {
  if (!(await repo.treatsPatient(ctx.db, ctx.user.id, input.patientId))) throw notFound('Patient');
  const [id] = await sendMessages(ctx, [input.patientId], input.message);
  sendSoon(ctx);
  return { id };
}

async function sendMessages(ctx: ViewerContext, patientIds: number[], message: string): Promise<number[]> {
  const psychologistId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    // One psychologist's messages are counted and written one after the other.
    await lockUser(tx, psychologistId);
    const now = ctx.clock.instant();
    const recent = await repo.messagesSince(tx, psychologistId, new Date(now.getTime() - HOUR_MS));
    const over = recent.length + patientIds.length - PATIENT_MESSAGES_PER_HOUR;
    if (over > 0) {
      // Room for these once the `over` oldest of the hour have aged out.
      const freeing = recent[Math.min(over, recent.length) - 1] ?? now;
      const retryAfter = Math.max(1, Math.ceil((freeing.getTime() + HOUR_MS - now.getTime()) / 1000));
      throw new RateLimitedError(retryAfter, `A psychologist may send at most ${PATIENT_MESSAGES_PER_HOUR} messages an hour.`);
    }
    const names = await repo.namesOf(tx, [psychologistId]);
    const rows = patientIds.map((userId): repo.NewNotification => {
      const key = `message:${randomUUID()}`;
      const sealed = seal(ctx.config.recordsKeyring, message, key);
      return {
        userId,
        kind: 'MESSAGE',
        appointmentId: null,
        key,
        details: { as: 'PATIENT', otherName: names.get(psychologistId) ?? '' },
        createdAt: now,
        senderId: psychologistId,
        message: sealed.content,
        messageKeyVersion: sealed.keyVersion,
      };
    });
    const inserted = await repo.insertNotifications(tx, rows);
    await queueMails(ctx, tx, inserted);
    return inserted;
  });
}

/**
 * Tells the reader of a conversation that a message came, in the caller's transaction: a bell item and a mail naming
 * the writer, never the text. While the reader has not read the conversation, later messages add nothing (the key
 * holds how far they had read), so a run of messages makes one item and one mail.
 */
export async function notifyConversationMessage(
  ctx: AppContext,
  tx: Db,
  m: { conversationId: number; senderId: number; recipientId: number; as: 'PATIENT' | 'PSYCHOLOGIST'; readUpTo: number },
): Promise<void> {
  const names = await repo.namesOf(tx, [m.senderId]);
  const ids = await repo.insertNotifications(tx, [
    {
      userId: m.recipientId,
      kind: 'MESSAGE',
      appointmentId: null,
      key: `conversation:${m.conversationId}:${m.recipientId}:${m.readUpTo}`,
      details: { as: m.as, otherName: names.get(m.senderId) ?? '', conversationId: m.conversationId },
      createdAt: ctx.clock.instant(),
    },
  ]);
  await queueMails(ctx, tx, ids);
}

/** The calendar invite of an appointment, for either of its participants (anyone else: 404). */
export async function calendarFile(ctx: ViewerContext, appointmentId: number): Promise<string> {
  const a = await repo.participantsAppointment(ctx.db, appointmentId, ctx.user.id);
  if (!a) throw notFound('Appointment');
  const otherId = a.patientId === ctx.user.id ? a.psychologistId : a.patientId;
  const names = await repo.namesOf(ctx.db, [a.patientId, a.psychologistId]);
  const invite = calendarInvite(
    { ...a, canceled: a.status === 'CANCELED', otherName: names.get(otherId) ?? '' },
    {
      publicUrl: ctx.config.publicUrl,
      mailFrom: ctx.config.mailFrom,
      locale: localeOf(ctx.user.locale),
      now: ctx.clock.instant(),
      organizerName: names.get(a.psychologistId) ?? '',
      attendee: { name: names.get(ctx.user.id) ?? '', email: ctx.user.email },
    },
  );
  return invite.content;
}

/** The account is being deleted: its notifications go at once. */
export const eraseNotificationsOf = (ctx: Pick<AppContext, 'db'>, userId: number): Promise<void> =>
  repo.deleteAllOf(ctx.db, userId);
