import type { NotificationKind } from '@rozmova/contract';
import type { AppContext } from '../../access/context.js';
import type { Db } from '../../db/client.js';
import type { NotificationDetails } from '../../db/schema/index.js';
import * as groups from './group-repository.js';
import { MAIL_QUEUE } from './mail-queue.js';
import * as repo from './repository.js';

/** Something that happened to a group program or one of its sessions. */
export type GroupNews =
  | { kind: 'JOINED' | 'LEFT' | 'REMOVED'; programId: number; patientId: number }
  | { kind: 'SESSION_MOVED'; sessionId: number; previous: { startsAt: Date; endsAt: Date } }
  | { kind: 'SESSION_CANCELED'; sessionId: number }
  | { kind: 'ENDED'; programId: number };

type SessionRef = NonNullable<NotificationDetails['sessions']>[number];

/** A session as a mail invites to it; a cancellation meant for one member alone comes one sequence later. */
const refOf = (s: groups.GroupSessionFacts, sequenceStep = 0): SessionRef => ({
  id: s.id,
  sequence: s.sequence + sequenceStep,
  startsAt: s.startsAt.toISOString(),
  endsAt: s.endsAt.toISOString(),
  videoCallRoomId: s.videoCallRoomId,
});

/** Records the notifications whose key is new and queues their mails. */
export async function record(ctx: AppContext, tx: Db, rows: repo.NewNotification[]): Promise<void> {
  for (const notificationId of await repo.insertNotifications(tx, rows)) {
    await ctx.jobs.send(MAIL_QUEUE, { notificationId }, tx);
  }
}

/** The notifications of one news about a program, one per recipient, keyed so the same news is recorded once. */
function programRows(
  ctx: AppContext,
  input: { kind: NotificationKind; key: string; programId: number; title: string; recipients: [number, NotificationDetails][] },
): repo.NewNotification[] {
  const createdAt = ctx.clock.instant();
  return input.recipients.map(([userId, details]) => ({
    userId,
    kind: input.kind,
    appointmentId: null,
    key: `${input.key}:${input.kind}:${userId}`,
    details: { ...details, programId: input.programId, groupTitle: input.title },
    createdAt,
  }));
}

/** What happened to one session, told to its members now (or to whom `recipients` names). */
export function sessionRows(
  ctx: AppContext,
  kind: NotificationKind,
  s: groups.GroupSessionFacts,
  recipients: [number, NotificationDetails][],
): repo.NewNotification[] {
  const createdAt = ctx.clock.instant();
  return recipients.map(([userId, details]) => ({
    userId,
    kind,
    appointmentId: null,
    groupSessionId: s.id,
    key: `group-session:${s.id}:${s.sequence}:${kind}:${userId}`,
    details: {
      ...details,
      programId: s.programId,
      groupTitle: s.title,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      sequence: s.sequence,
      videoCallRoomId: s.videoCallRoomId,
    },
    createdAt,
  }));
}

async function memberNews(
  ctx: AppContext,
  tx: Db,
  news: { kind: 'JOINED' | 'LEFT' | 'REMOVED'; programId: number; patientId: number },
) {
  const [program, member] = await Promise.all([
    groups.programFacts(tx, news.programId),
    groups.membership(tx, news.programId, news.patientId),
  ]);
  if (!program || !member) return;
  const names = await repo.namesOf(tx, [program.psychologistId, news.patientId]);
  const now = ctx.clock.instant();
  const upcoming = (await groups.sessionsAfter(tx, news.programId, now)).filter((s) => s.startsAt >= member.joinedAt);
  // Leaving takes the sessions out of the member's calendar: a cancellation of each, for them alone.
  const sessions = upcoming.map((s) => refOf(s, news.kind === 'JOINED' ? 0 : 1));
  const toMember: [number, NotificationDetails] = [
    news.patientId,
    { as: 'PATIENT', otherName: names.get(program.psychologistId) ?? '', sessions },
  ];
  const recipients = [toMember];
  if (news.kind === 'LEFT')
    recipients.push([program.psychologistId, { as: 'PSYCHOLOGIST', otherName: names.get(news.patientId) ?? '' }]);
  const kind = `GROUP_${news.kind}` as const;
  // A member may leave and join again: each membership (its joining moment) has its own news.
  const key = `group:${program.id}:member:${news.patientId}:${member.joinedAt.getTime()}`;
  await record(ctx, tx, programRows(ctx, { kind, key, programId: program.id, title: program.title, recipients }));
}

async function endedNews(ctx: AppContext, tx: Db, programId: number) {
  const program = await groups.programFacts(tx, programId);
  if (!program) return;
  const now = ctx.clock.instant();
  const [members, later] = await Promise.all([groups.membersOf(tx, programId), groups.sessionsAfter(tx, programId, now, true)]);
  const names = await repo.namesOf(tx, [program.psychologistId]);
  const recipients = members.map(({ patientId, joinedAt }): [number, NotificationDetails] => [
    patientId,
    {
      as: 'PATIENT',
      otherName: names.get(program.psychologistId) ?? '',
      // A session the end canceled has its own cancellation's sequence already.
      sessions: later.filter((s) => s.startsAt >= joinedAt).map((s) => refOf(s, s.status === 'CANCELED' ? 0 : 1)),
    },
  ]);
  await record(
    ctx,
    tx,
    programRows(ctx, { kind: 'GROUP_ENDED', key: `group:${programId}`, programId, title: program.title, recipients }),
  );
}

async function sessionNews(
  ctx: AppContext,
  tx: Db,
  news: { kind: 'SESSION_MOVED' | 'SESSION_CANCELED'; sessionId: number; previous?: { startsAt: Date; endsAt: Date } },
) {
  const s = await groups.sessionFacts(tx, news.sessionId);
  if (!s) return;
  const members = await groups.membersOf(tx, s.programId);
  const names = await repo.namesOf(tx, [s.psychologistId]);
  const previous = news.previous && {
    previousStartsAt: news.previous.startsAt.toISOString(),
    previousEndsAt: news.previous.endsAt.toISOString(),
  };
  const recipients = members.map(({ patientId }): [number, NotificationDetails] => [
    patientId,
    { as: 'PATIENT', otherName: names.get(s.psychologistId) ?? '', sessions: [refOf(s)], ...previous },
  ]);
  await record(ctx, tx, sessionRows(ctx, `GROUP_${news.kind}`, s, recipients));
}

/**
 * Records news of a group program for everyone it concerns and queues their mails, in the caller's transaction (they
 * exist if and only if the change commits; after the commit, `sendSoon` sends them at once). Call it after the change
 * is written: a session moved or canceled with its sequence grown, a member's row with its `left_at`.
 * - JOINED: the member's booking mail, with an invite to each upcoming session;
 * - SESSION_MOVED / SESSION_CANCELED: every member, with the session's new invite or its cancellation;
 * - LEFT / REMOVED: the member, with cancellations of their upcoming sessions; LEFT also tells the psychologist;
 * - ENDED: every member at the end, with cancellations of the sessions still ahead.
 */
export async function notifyGroup(ctx: AppContext, tx: Db, news: GroupNews): Promise<void> {
  switch (news.kind) {
    case 'JOINED':
    case 'LEFT':
    case 'REMOVED':
      return memberNews(ctx, tx, news);
    case 'ENDED':
      return endedNews(ctx, tx, news.programId);
    default:
      return sessionNews(ctx, tx, news);
  }
}
