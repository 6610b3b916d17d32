import type { AppContext } from '../../access/context.js';
import type { Db } from '../../db/client.js';

/** Something that happened to a group program or one of its sessions. */
export type GroupNews =
  | { kind: 'JOINED' | 'LEFT' | 'REMOVED'; programId: number; patientId: number }
  | { kind: 'SESSION_MOVED'; sessionId: number; previous: { startsAt: Date; endsAt: Date } }
  | { kind: 'SESSION_CANCELED'; sessionId: number }
  | { kind: 'ENDED'; programId: number };

/** Records the news for those it concerns and queues their mails, in the caller's transaction (the body comes with the notifications' group mails). */
export async function notifyGroup(_ctx: AppContext, _tx: Db, _news: GroupNews): Promise<void> {}
