/** What a room records of someone: let in by its host, removed by them, and whether the host ended the call. */
export type CallRecord = { admitted: boolean; removed: boolean; ended: boolean };
/** The part of a room's admission the call rules read: its host (the session's psychologist) and its waiting room. */
export type CallRoom = { hostId: number | null; waitingRoom: boolean };

/**
 * Where someone stands in a call they may join by the session: its HOST, ADMITTED (let in, or no waiting room),
 * WAITING for the host, REMOVED by the host (for good), or the call ENDED by the host (for everyone, the host too).
 */
export type CallPlace = 'HOST' | 'ADMITTED' | 'WAITING' | 'REMOVED' | 'ENDED';

export function callPlace(room: CallRoom, userId: number, record: CallRecord): CallPlace {
  if (record.ended) return 'ENDED';
  if (room.hostId === userId) return 'HOST';
  if (record.removed) return 'REMOVED';
  return !room.waitingRoom || record.admitted ? 'ADMITTED' : 'WAITING';
}
