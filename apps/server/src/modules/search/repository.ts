import { DAYS_OF_WEEK, type TherapyType, type WorkLanguage } from '@rozmova/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { PsychologistKey } from './cursor.js';
import type { Availability, BlockedDays, BookedSlot, ExtraSlot, WeeklySlot } from './free-slots.js';

export type PsychologistWeek = Availability & {
  id: number;
  firstName: string;
  lastName: string;
  description: string;
  languages: WorkLanguage[];
};

const weekdays = sql.raw(`ARRAY[${DAYS_OF_WEEK.map((d) => `'${d}'`).join(', ')}]`);

/**
 * Which psychologists a search is about, and when: slots that start in [from, to). `firstDay` and `lastDay` bound the dates
 * of any psychologist's wall clock those instants fall on (two days either side of the caller's dates covers every
 * pair of zones). `platformZone` is the zone of psychologists who set none.
 */
export type PsychologistFilter = {
  from: Date;
  to: Date;
  firstDay: string;
  lastDay: string;
  platformZone: string;
  /** Offering one of these; any psychologist when left out. */
  therapyTypes?: TherapyType[];
  /** Working in one of these; any language when left out or empty. */
  languages?: WorkLanguage[];
  psychologistId?: number;
};
/** A page of psychologists: after which key, how many, and the instant before which slots do not count. */
export type PageWindow = { after?: PsychologistKey; limit: number; now: Date };

const DAY = sql`interval '1 day'`;
const MINUTE = sql`interval '1 minute'`;

/**
 * The psychologist's zone as the query reads it: their stored name only when time_zones (names this database listed)
 * holds it, else the platform's (checked at start). An unknown name that got into the column some other way than the
 * API then costs that psychologist their own zone, not everyone their search. A subquery rather than a join: it leaves
 * the query's plan as it was (psychologists read in index order up to the limit) and runs once per psychologist.
 */
const zoneOf = (q: Pick<PsychologistFilter, 'platformZone'>) =>
  sql`coalesce((SELECT z.name FROM time_zones z WHERE z.name = u.time_zone), ${q.platformZone}::text)`;

/**
 * Whether the psychologist `u` has a free slot starting in [from, to) after now: a weekly slot on a date that no
 * BLOCK covers, or a one-off SLOT, at a wall-clock moment that exists in their zone (it reads back as itself), that no
 * confirmed appointment or group session overlaps. `wall AT TIME ZONE zone` reads a repeated moment as its later
 * instant, as `instantOf` does. The appointment probe is answered from the covering index appointments_slot_cover_idx
 * alone, the group one from group_sessions_psychologist_idx.
 */
const hasFreeSlot = (q: PsychologistFilter, now: Date) => sql`EXISTS (
  SELECT 1
  FROM (
    SELECT g::date + s.start_minute * ${MINUTE} AS wall, s.end_minute - s.start_minute AS len
    FROM generate_series(${q.firstDay}::date, ${q.lastDay}::date, ${DAY}) AS g
    JOIN schedule_slots s ON s.psychologist_id = u.id
      AND s.day_of_week = (${weekdays})[extract(isodow FROM g)::int]::day_of_week
    WHERE NOT EXISTS (
      SELECT 1 FROM schedule_exceptions b
      WHERE b.psychologist_id = u.id AND b.kind = 'BLOCK' AND g::date BETWEEN b.start_date AND b.end_date)
    UNION ALL
    SELECT x.start_date + x.start_minute * ${MINUTE}, x.end_minute - x.start_minute
    FROM schedule_exceptions x
    WHERE x.psychologist_id = u.id AND x.kind = 'SLOT' AND x.start_date BETWEEN ${q.firstDay}::date AND ${q.lastDay}::date
  ) c
  CROSS JOIN LATERAL (SELECT c.wall AT TIME ZONE ${zoneOf(q)} AS at) i
  WHERE i.at >= ${q.from}::timestamptz AND i.at < ${q.to}::timestamptz AND i.at > ${now}::timestamptz
    AND i.at AT TIME ZONE ${zoneOf(q)} = c.wall
    AND NOT EXISTS (
      SELECT 1 FROM appointments a
      WHERE a.psychologist_id = u.id AND a.status::text = 'CONFIRMED'
        AND a.starts_at > i.at - ${DAY} AND a.starts_at < i.at + c.len * ${MINUTE} AND a.ends_at > i.at)
    AND NOT EXISTS (
      SELECT 1 FROM group_sessions g
      WHERE g.psychologist_id = u.id AND g.status = 'CONFIRMED'
        AND g.starts_at > i.at - ${DAY} AND g.starts_at < i.at + c.len * ${MINUTE} AND g.ends_at > i.at))`;

/** The integer tuples of a comma-separated list ("1,540,600,3,600,660"); none for null. */
function tuples<T extends number[]>(list: unknown, size: number): T[] {
  if (typeof list !== 'string' || list === '') return [];
  const n = list.split(',').map(Number);
  const out: T[] = [];
  for (let i = 0; i + size - 1 < n.length; i += size) out.push(n.slice(i, i + size) as T);
  return out;
}

const epochDay = (column: string) => sql.raw(`(${column} - DATE '1970-01-01')`);
const epochMinute = (column: string) => sql.raw(`(extract(epoch FROM ${column})::bigint / 60)`);

/**
 * Every bookable (enabled, onboarded, verified) psychologist offering one of the types, with their zone, weekly
 * schedule, exceptions near the range and confirmed appointments near it, in one query. Lists come back as
 * comma-separated integer tuples in one text each, cheaper to build, move and parse than nested arrays or JSON. Each
 * list is gathered per psychologist through an index on (psychologist_id, …), the appointments from the covering
 * appointments_slot_cover_idx alone. `status::text` keeps the planner off the partial exclusion indexes (see
 * docs/decisions/0001-doctor-search.md). With a page window, psychologists are read in order from
 * users_psychologist_name_idx after the window's key, only those with a free slot in the range count, and reading
 * stops at limit + 1 (the extra one tells that a next page exists).
 */
export async function findPsychologistWeeks(db: Db, q: PsychologistFilter, page?: PageWindow): Promise<PsychologistWeek[]> {
  const types = q.therapyTypes
    ? sql`AND p.therapy_types && ARRAY[${sql.join(
        q.therapyTypes.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`
    : sql``;
  const speaks = q.languages?.length
    ? sql`AND p.languages && ARRAY[${sql.join(
        q.languages.map((l) => sql`${l}`),
        sql`, `,
      )}]::text[]`
    : sql``;
  const only = q.psychologistId === undefined ? sql`` : sql`AND u.id = ${q.psychologistId}::int`;
  const after = page?.after
    ? sql`AND (u.first_name, u.last_name, u.id) > (${page.after.firstName}::text, ${page.after.lastName}::text, ${page.after.id}::int)`
    : sql``;
  const free = page ? sql`AND ${hasFreeSlot(q, page.now)}` : sql``;
  const limit = page ? sql`LIMIT ${page.limit + 1}` : sql``;
  const weekList = sql`string_agg(array_position(${weekdays}, s.day_of_week::text) || ',' || s.start_minute || ',' || s.end_minute, ',')`;
  const exceptionsNear = sql`x.psychologist_id = u.id AND x.start_date <= ${q.lastDay}::date AND x.end_date >= ${q.firstDay}::date`;
  const blockList = sql`string_agg(${epochDay('x.start_date')} || ',' || ${epochDay('x.end_date')}, ',')`;
  const extraList = sql`string_agg(${epochDay('x.start_date')} || ',' || x.start_minute || ',' || x.end_minute, ',')`;
  const bookedList = sql`string_agg(${epochMinute('a.starts_at')} || ',' || ${epochMinute('a.ends_at')}, ',')`;
  const confirmedNear = sql`a.status::text = 'CONFIRMED' AND a.starts_at > ${q.from}::timestamptz - ${DAY} AND a.starts_at < ${q.to}::timestamptz + ${DAY}`;
  // The psychologist's confirmed group sessions take their time as booked appointments do.
  const groupList = sql`string_agg(${epochMinute('g.starts_at')} || ',' || ${epochMinute('g.ends_at')}, ',')`;
  const groupNear = sql`g.status = 'CONFIRMED' AND g.starts_at > ${q.from}::timestamptz - ${DAY} AND g.starts_at < ${q.to}::timestamptz + ${DAY}`;
  const lists = sql`(SELECT ${weekList} FROM schedule_slots s WHERE s.psychologist_id = u.id) AS week,
    (SELECT ${blockList} FROM schedule_exceptions x WHERE ${exceptionsNear} AND x.kind = 'BLOCK') AS blocks,
    (SELECT ${extraList} FROM schedule_exceptions x WHERE ${exceptionsNear} AND x.kind = 'SLOT') AS extras,
    (SELECT ${bookedList} FROM appointments a WHERE a.psychologist_id = u.id AND ${confirmedNear}) AS booked,
    (SELECT ${groupList} FROM group_sessions g WHERE g.psychologist_id = u.id AND ${groupNear}) AS group_booked`;
  const result = await db.execute(sql`
    SELECT u.id, u.first_name, u.last_name, ${zoneOf(q)} AS zone, p.description, p.languages, ${lists}
    FROM users u
    JOIN psychologist_profiles p ON p.user_id = u.id
    WHERE u.role = 'PSYCHOLOGIST' AND u.enabled AND u.profile_completed AND p.verified
      ${types} ${speaks} ${only} ${after} ${free}
    ORDER BY u.first_name, u.last_name, u.id
    ${limit}
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    description: String(r.description),
    languages: (r.languages ?? []) as WorkLanguage[],
    zone: String(r.zone),
    week: tuples<WeeklySlot>(r.week, 3),
    blocks: tuples<BlockedDays>(r.blocks, 2),
    extras: tuples<ExtraSlot>(r.extras, 3),
    booked: [...tuples<BookedSlot>(r.booked, 2), ...tuples<BookedSlot>(r.group_booked, 2)],
  }));
}
