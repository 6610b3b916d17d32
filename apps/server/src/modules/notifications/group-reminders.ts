import type { AppContext } from '../../access/context.js';
import type { NotificationDetails } from '../../db/schema/index.js';
import { record, sessionRows } from './group-news-service.js';
import * as groups from './group-repository.js';
import * as repo from './repository.js';

const REMINDERS = [
  { kind: 'GROUP_REMINDER_24H', leadHours: 24, laterLeadHours: 1 },
  { kind: 'GROUP_REMINDER_1H', leadHours: 1, laterLeadHours: null },
] as const;

/**
 * Records the group sessions' reminders that are due now, to the psychologist and each member expected there, and
 * queues their mails; as with appointments' reminders, each is recorded once however many processes look.
 */
export async function queueDueGroupReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.instant();
  let queued = 0;
  for (const r of REMINDERS) {
    for (const s of await groups.dueGroupReminders(ctx.db, { ...r, now })) {
      await ctx.db.transaction(async (tx) => {
        const members = await groups.expectedMembers(tx, s);
        const names = await repo.namesOf(tx, [s.psychologistId]);
        const recipients: [number, NotificationDetails][] = [
          [s.psychologistId, { as: 'PSYCHOLOGIST' }],
          ...members.map((id): [number, NotificationDetails] => [
            id,
            { as: 'PATIENT', otherName: names.get(s.psychologistId) ?? '' },
          ]),
        ];
        await record(ctx, tx, sessionRows(ctx, r.kind, s, recipients));
      });
      queued += 1;
    }
  }
  return queued;
}
