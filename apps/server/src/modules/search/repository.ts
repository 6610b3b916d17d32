import { DAYS_OF_WEEK, type TherapyType } from '@rozmova/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

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

/**
 * Every bookable psychologist offering one of the types, with their weekly schedule and their confirmed appointments
 * in the range, in one query; slots come back as small integer triples, far cheaper to build and move than JSON.
 * Each list is gathered per psychologist through its (psychologist_id, …) btree index, so the plan stays cheap even
 * without table statistics (the embedded database runs no autovacuum). `status::text` keeps the planner off the
 * partial exclusion indexes, which it otherwise picks for the date range and then scans whole for every psychologist.
 */
export async function findDoctorWeeks(
  db: Db,
  q: { startDate: string; endDate: string; therapyTypes: TherapyType[] },
): Promise<DoctorWeek[]> {
  const types = sql.join(
    q.therapyTypes.map((t) => sql`${t}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT u.id, u.first_name, u.last_name, p.description,
      (SELECT array_agg(ARRAY[array_position(${weekdays}, s.day_of_week::text), s.start_minute, s.end_minute])
         FROM schedule_slots s WHERE s.psychologist_id = u.id) AS week,
      (SELECT array_agg(ARRAY[a.date - ${q.startDate}::date, a.start_minute, a.end_minute])
         FROM appointments a
         WHERE a.psychologist_id = u.id AND a.status::text = 'CONFIRMED'
           AND a.date BETWEEN ${q.startDate}::date AND ${q.endDate}::date) AS booked
    FROM users u
    JOIN psychologist_profiles p ON p.user_id = u.id
    WHERE u.role = 'PSYCHOLOGIST' AND u.enabled AND u.profile_completed
      AND p.therapy_types && ARRAY[${types}]::text[]
    ORDER BY u.first_name, u.last_name, u.id
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    description: String(r.description),
    week: (r.week ?? []) as WeeklySlot[],
    booked: (r.booked ?? []) as BookedSlot[],
  }));
}
