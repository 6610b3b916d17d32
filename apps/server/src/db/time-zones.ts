import { canonicalZone, TIME_ZONES } from '@rozmova/contract';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.js';
import { timeZones, users } from './schema/index.js';

/**
 * The contract's zone names this database knows, in time_zones: those it already holds, and, when the list has grown
 * since, the new ones pg_timezone_names lists (reading it takes tens of milliseconds, so only then).
 */
async function knownZones(db: Db): Promise<Set<string>> {
  const held = async () => new Set((await db.select({ name: timeZones.name }).from(timeZones)).map((r) => r.name));
  const known = await held();
  const missing = TIME_ZONES.filter((zone) => !known.has(zone) && canonicalZone(zone) === zone);
  if (missing.length === 0) return known;
  await db.execute(sql`
    INSERT INTO time_zones (name)
    SELECT n FROM unnest(string_to_array(${missing.join(',')}, ',')) AS n
    WHERE n IN (SELECT name FROM pg_timezone_names)
    ON CONFLICT DO NOTHING`);
  return held();
}

/**
 * At start. The platform's zone must be one this database knows, or the server does not start. A stored zone that is
 * not a canonical name both the runtime and the database know (left by an older version, or by data copied in) becomes
 * its canonical name or, with none, null: those accounts see the platform's zone, and the log names them.
 */
export async function checkTimeZones(db: Db, platformZone: string, log: FastifyBaseLogger): Promise<void> {
  const known = await knownZones(db);
  if (!known.has(platformZone)) {
    throw new Error(`TIME_ZONE ${platformZone} is not known to this database (pg_timezone_names does not list it)`);
  }
  const stored = await db.selectDistinct({ zone: users.timeZone }).from(users).where(isNotNull(users.timeZone));
  for (const { zone } of stored as { zone: string }[]) {
    const canonical = canonicalZone(zone);
    if (canonical === zone && known.has(zone)) continue;
    const to = canonical !== null && known.has(canonical) ? canonical : null;
    const changed = await db.update(users).set({ timeZone: to }).where(eq(users.timeZone, zone)).returning({ id: users.id });
    const accounts = changed.map((r) => r.id);
    if (to) log.warn({ zone, to, accounts }, `stored time zone ${zone} is now its canonical name ${to}`);
    else log.warn({ zone, accounts }, `stored time zone ${zone} is unknown here; these accounts now use the platform's zone`);
  }
}
