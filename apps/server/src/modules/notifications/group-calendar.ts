import type { NotificationKind } from '@rozmova/contract';
import type { ViewerContext } from '../../access/context.js';
import type { NotificationDetails } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { calendarInvite, type InviteOptions } from './calendar.js';
import * as groups from './group-repository.js';
import { namesOf } from './repository.js';
import { localeOf } from './service.js';

/** Group news whose mail takes sessions out of the calendar rather than putting them in. */
const CANCELING = new Set<NotificationKind>(['GROUP_SESSION_CANCELED', 'GROUP_LEFT', 'GROUP_REMOVED', 'GROUP_ENDED']);

/** The calendar invites a group notification's mail carries: one per session it names, each with its own UID. */
export function groupInvites(
  n: { kind: NotificationKind; details: NotificationDetails },
  opts: InviteOptions,
): { method: 'REQUEST' | 'CANCEL'; content: string }[] {
  if (n.kind === 'GROUP_REMINDER_24H' || n.kind === 'GROUP_REMINDER_1H') return [];
  const canceled = CANCELING.has(n.kind);
  return (n.details.sessions ?? []).map((s) =>
    calendarInvite(
      {
        ...s,
        canceled,
        startsAt: new Date(s.startsAt),
        endsAt: new Date(s.endsAt),
        otherName: '',
        groupTitle: n.details.groupTitle ?? '',
      },
      opts,
    ),
  );
}

/** The calendar invite of a group session, for its psychologist or a member now (anyone else: 404). */
export async function groupCalendarFile(ctx: ViewerContext, sessionId: number): Promise<string> {
  const s = await groups.sessionForAttendee(ctx.db, sessionId, ctx.user.id);
  if (!s) throw notFound('Group session');
  const names = await namesOf(ctx.db, [s.psychologistId, ctx.user.id]);
  const invite = calendarInvite(
    { ...s, canceled: s.status === 'CANCELED', otherName: '', groupTitle: s.title },
    {
      publicUrl: ctx.config.publicUrl,
      mailFrom: ctx.config.mailFrom,
      locale: localeOf(ctx.user.locale),
      now: ctx.clock.instant(),
      organizerName: names.get(s.psychologistId) ?? '',
      attendee: { name: names.get(ctx.user.id) ?? '', email: ctx.user.email },
    },
  );
  return invite.content;
}
