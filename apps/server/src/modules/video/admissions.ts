import type { CallSettings } from '@rozmova/contract';
import { type CallPlace, type CallRoom, callPlace } from '../../access/calls.js';
import type { AppContext, ViewerContext } from '../../access/context.js';
import * as repo from './admissions-repository.js';

/**
 * Where the account stands in the room's call (see callPlace). A one-to-one session has a waiting room when its
 * psychologist keeps one.
 */
export async function callPlaceOf(
  ctx: Pick<AppContext, 'db'>,
  roomId: string,
  room: CallRoom,
  userId: number,
): Promise<CallPlace> {
  const waitingRoom = room.waitingRoom || (room.hostId !== null && (await repo.waitingRoomOn(ctx.db, room.hostId)));
  return callPlace({ ...room, waitingRoom }, userId, await repo.admissionOf(ctx.db, roomId, userId));
}

/** The signed-in psychologist's own call settings. */
export async function callSettingsOf(ctx: ViewerContext): Promise<CallSettings> {
  return { waitingRoom: await repo.waitingRoomOn(ctx.db, ctx.user.id) };
}

export async function saveCallSettings(ctx: ViewerContext, settings: CallSettings): Promise<CallSettings> {
  await repo.setWaitingRoom(ctx.db, ctx.user.id, settings.waitingRoom);
  return settings;
}

/** The host lets these accounts in; the caller has checked it is the host. */
export const admit = (ctx: AppContext, roomId: string, userIds: number[]) =>
  repo.admit(ctx.db, roomId, userIds, ctx.clock.instant());

/** The host removes the account from the session's call for good. */
export const removeFromCall = (ctx: AppContext, roomId: string, userId: number) =>
  repo.remove(ctx.db, roomId, userId, ctx.clock.instant());

/** The host ends the call for everyone. */
export const endCall = (ctx: AppContext, roomId: string) => repo.end(ctx.db, roomId, ctx.clock.instant());
