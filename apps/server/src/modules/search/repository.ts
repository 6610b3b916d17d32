import { DAYS_OF_WEEK, type TherapyType } from '@rozmova/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { DoctorKey } from './cursor.js';

/** [weekday 1 (Monday)…7, start minute, end minute] of a weekly slot. */
export type WeeklySlot = [weekday: number, startMinute: number, endMinute: number];
/** [days after the range start, start minute, end minute] of a confirmed appointment. */
export type BookedSlot = [dayOffset: number, startMinute: number, endMinute: number];
export type DoctorWeek = {
  id: number;
  firstName: string;
  lastName: string;
  description: string;
  week: WeeklySlot[];
  booked: BookedSlot[];
};

const weekdays = sql.raw(`ARRAY[${DAYS_OF_WEEK.map((d) => `'${d}'`).join(', ')}]`);

/** Which doctors a search is about. */
export type DoctorFilter = { startDate: string; endDate: string; therapyTypes: TherapyType[]; psychologistId?: number };
/** A page of doctors: after which key, how many, and the "now" before which slots do not count. */
export type PageWindow = { after?: DoctorKey; limit: number; now: { date: string; minute: number } };

/**
 * Whether the psychologist `u` has a free slot in the range: a weekly slot on one of its days, starting after now,
 * that no confirmed appointment overlaps. The appointment probe is answered from the covering index
 * appointments_slot_cover_idx alone (an index-only scan).
 */
const hasFreeSlot = (q: DoctorFilter, now: PageWindow['now']) => sql`EXISTS (
  SELECT 1
  FROM (SELECT g::date AS day, (${weekdays})[extract(isodow FROM g)::int]::day_of_week AS dow
        FROM generate_series(${q.startDate}::date, ${q.endDate}::date, interval '1 day') AS g) d
  JOIN schedule_slots s ON s.psychologist_id = u.id AND s.day_of_week = d.dow
  WHERE (d.day > ${now.date}::date OR (d.day = ${now.date}::date AND s.start_minute > ${now.minute}::int))
    AND NOT EXISTS (
      SELECT 1 FROM appointments a
      WHERE a.psychologist_id = u.id AND a.date = d.day AND a.status::text = 'CONFIRMED'
        AND a.start_minute < s.end_minute AND a.end_minute > s.start_minute))`;

/** The integer triples of a comma-separated list ("1,540,600,3,600,660"); none for null. */
function triples<T extends [number, number, number]>(list: unknown): T[] {
  if (typeof list !== 'string' || list === '') return [];
  const n = list.split(',').map(Number);
  const out: T[] = [];
  for (let i = 0; i + 2 < n.length; i += 3) out.push([n[i], n[i + 1], n[i + 2]] as T);
  return out;
}

/**
 * Every bookable (enabled, onboarded, verified) psychologist offering one of the types, with their weekly schedule
 * and their confirmed appointments in the range, in one query. Slots come back as comma-separated integer triples in
 * one text per list, cheaper to build, move and parse than nested arrays (a quarter off the whole list at 500
 * psychologists) or JSON. Each list is gathered per psychologist through an index on (psychologist_id, …), the
 * appointments from the covering appointments_slot_cover_idx alone. `status::text` keeps the planner off the partial
 * exclusion indexes, which it otherwise picks for the date range and then scans whole for every psychologist (the
 * covering index holds status as a column, so the cast costs no heap visit). With a page window, psychologists are read in order from users_psychologist_name_idx
 * after the window's key, only those with a free slot in the range count, and reading stops at limit + 1 (the extra
 * one tells that a next page exists).
 */
export async function findDoctorWeeks(db: Db, q: DoctorFilter, page?: PageWindow): Promise<DoctorWeek[]> {
  const types = sql.join(
    q.therapyTypes.map((t) => sql`${t}`),
    sql`, `,
  );
  const only = q.psychologistId === undefined ? sql`` : sql`AND u.id = ${q.psychologistId}::int`;
  const after = page?.after
    ? sql`AND (u.first_name, u.last_name, u.id) > (${page.after.firstName}::text, ${page.after.lastName}::text, ${page.after.id}::int)`
    : sql``;
  const free = page ? sql`AND ${hasFreeSlot(q, page.now)}` : sql``;
  const limit = page ? sql`LIMIT ${page.limit + 1}` : sql``;
  const weekList = sql`string_agg(array_position(${weekdays}, s.day_of_week::text) || ',' || s.start_minute || ',' || s.end_minute, ',')`;
  const bookedList = sql`string_agg((a.date - ${q.startDate}::date) || ',' || a.start_minute || ',' || a.end_minute, ',')`;
  const confirmedInRange = sql`a.status::text = 'CONFIRMED' AND a.date BETWEEN ${q.startDate}::date AND ${q.endDate}::date`;
  const lists = sql`(SELECT ${weekList} FROM schedule_slots s WHERE s.psychologist_id = u.id) AS week,
    (SELECT ${bookedList} FROM appointments a WHERE a.psychologist_id = u.id AND ${confirmedInRange}) AS booked`;
  const result = await db.execute(sql`
    SELECT u.id, u.first_name, u.last_name, p.description, ${lists}
    FROM users u
    JOIN psychologist_profiles p ON p.user_id = u.id
    WHERE u.role = 'PSYCHOLOGIST' AND u.enabled AND u.profile_completed AND p.verified
      AND p.therapy_types && ARRAY[${types}]::text[]
      ${only} ${after} ${free}
    ORDER BY u.first_name, u.last_name, u.id
    ${limit}
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    description: String(r.description),
    week: triples<WeeklySlot>(r.week),
    booked: triples<BookedSlot>(r.booked),
  }));
}
