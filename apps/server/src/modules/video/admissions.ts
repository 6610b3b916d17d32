import { type CallPlace, type CallRoom, callPlace } from '../../access/calls.js';
import type { AppContext } from '../../access/context.js';
import * as repo from './admissions-repository.js';

/** Where the account stands in the room's call (see callPlace). */
export async function callPlaceOf(
  ctx: Pick<AppContext, 'db'>,
  roomId: string,
  room: CallRoom,
  userId: number,
): Promise<CallPlace> {
  return callPlace(room, userId, await repo.admissionOf(ctx.db, roomId, userId));
}

/** The host lets these accounts in; the caller has checked it is the host. */
export const admit = (ctx: AppContext, roomId: string, userIds: number[]) =>
  repo.admit(ctx.db, roomId, userIds, ctx.clock.instant());

/** The host removes the account from the session's call for good. */
export const removeFromCall = (ctx: AppContext, roomId: string, userId: number) =>
  repo.remove(ctx.db, roomId, userId, ctx.clock.instant());

/** The host ends the call for everyone. */
export const endCall = (ctx: AppContext, roomId: string) => repo.end(ctx.db, roomId, ctx.clock.instant());
