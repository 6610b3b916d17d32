import type { ViewerContext } from '../../access/context.js';
import { type Overlap, overlapOf } from '../../db/overlap-error.js';
import { timeZoneOf } from '../../lib/account-zone.js';
import { conflict } from '../../lib/errors.js';
import { whenIn } from '../../lib/zoned.js';
import { findClash } from './busy-repository.js';

type Span = { startsAt: Date; endsAt: Date };

/** The caller's own time to look the clash up in: their side, the spans they asked for, a session to leave out. */
export type OwnTime = { userId: number; side: 'PSYCHOLOGIST' | 'PATIENT'; spans: Span[]; exceptSessionId?: number };

/**
 * How to explain a refusal on each side: the caller's own time, whose clash is named (what it is and when), or a plain
 * message where the time is someone else's (a member's other sessions are not the psychologist's to learn).
 */
export type Explanations = Partial<Record<Overlap, OwnTime | string>>;

/**
 * An exclusion refusal (SQLSTATE 23P01 on busy_times or appointments) as 409 OVERLAP; any other error as it is. The
 * clash is looked up after the refused transaction has rolled back; should it be gone by then, the answer names none.
 */
export async function overlapError(ctx: ViewerContext, err: unknown, explain: Explanations): Promise<unknown> {
  const side = overlapOf(err);
  if (!side) return err;
  const how = explain[side];
  const plain = 'This time overlaps another session';
  if (how === undefined || typeof how === 'string') return conflict('OVERLAP', how ?? plain);
  const clash = await findClash(ctx.db, how, how.spans);
  if (!clash) return conflict('OVERLAP', plain);
  const session = how.spans.find((s) => s.startsAt < clash.endsAt && clash.startsAt < s.endsAt) ?? how.spans[0];
  const zone = timeZoneOf(ctx, ctx.user);
  const ours = whenIn(session.startsAt, session.endsAt, zone);
  const theirs = whenIn(clash.startsAt, clash.endsAt, zone);
  const what = clash.individual ? 'your individual session' : 'another group session of yours';
  return conflict(
    'OVERLAP',
    `The session of ${ours.date} ${ours.startTime} overlaps ${what} on ${theirs.date} ${theirs.startTime}–${theirs.endTime}`,
    {
      sessionStartsAt: ours.startsAt,
      clash: { kind: clash.individual ? 'INDIVIDUAL' : 'GROUP', startsAt: theirs.startsAt, endsAt: theirs.endsAt },
    },
  );
}
