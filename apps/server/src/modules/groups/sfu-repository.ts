import { and, eq, gt, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { groupSessions } from '../../db/schema/index.js';

const roomFields = {
  sessionId: groupSessions.id,
  roomId: groupSessions.videoCallRoomId,
  status: groupSessions.status,
  startsAt: groupSessions.startsAt,
  endsAt: groupSessions.endsAt,
  janusServer: groupSessions.janusServer,
};

/** The group sessions of these video rooms, as the media server's rooms need them. */
export const sessionsOfRooms = (db: Db, roomIds: string[]) =>
  roomIds.length === 0
    ? Promise.resolve([])
    : db.select(roomFields).from(groupSessions).where(inArray(groupSessions.videoCallRoomId, roomIds));

/** How many confirmed sessions whose span meets [from, to) each of these servers holds. */
export async function roomsPerServer(db: Db, servers: string[], from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ server: groupSessions.janusServer, n: sql<number>`count(*)::int` })
    .from(groupSessions)
    .where(
      and(
        inArray(groupSessions.janusServer, servers),
        eq(groupSessions.status, 'CONFIRMED'),
        lt(groupSessions.startsAt, to),
        gt(groupSessions.endsAt, from),
      ),
    )
    .groupBy(groupSessions.janusServer);
  return new Map(rows.map((r) => [r.server as string, r.n]));
}

/**
 * Gives the session this server unless it already has one of `servers`; the server it has afterwards. One
 * conditional UPDATE, so processes choosing at once agree on the first one written.
 */
export async function claimServer(db: Db, sessionId: number, server: string, servers: string[]): Promise<string | null> {
  await db
    .update(groupSessions)
    .set({ janusServer: server })
    .where(
      and(eq(groupSessions.id, sessionId), or(isNull(groupSessions.janusServer), notInArray(groupSessions.janusServer, servers))),
    );
  const [row] = await db.select({ server: groupSessions.janusServer }).from(groupSessions).where(eq(groupSessions.id, sessionId));
  return row?.server ?? null;
}
