import { wallClockIn } from './zoned-time';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A zone's offset from UTC at an instant, in ms, as its wall clock reads it (to the minute). */
function offsetAt(at: number, timeZone: string): number {
  const { date, time } = wallClockIn(new Date(at), timeZone);
  const floored = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  return Date.parse(`${date}T${time}:00Z`) - floored;
}

/**
 * The instant a wall-clock moment (YYYY-MM-DD, HH:mm) happens in a zone, or null when that zone's clock skips it (a
 * spring-forward change). A moment that happens twice (fall back) is its later instant, as the server reads it.
 */
export function instantOfWall(date: string, time: string, timeZone: string): Date | null {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  // The offsets a day either side cover both sides of any change near the moment.
  const candidates = [offsetAt(asUtc - DAY_MS, timeZone), offsetAt(asUtc + DAY_MS, timeZone)]
    .map((offset) => asUtc - offset)
    .filter((at) => {
      const wall = wallClockIn(new Date(at), timeZone);
      return wall.date === date && wall.time === time;
    });
  return candidates.length ? new Date(Math.max(...candidates)) : null;
}
