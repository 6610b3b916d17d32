import { DAYS_OF_WEEK, type TherapyType } from '@rozmova/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { avatars, psychologistProfiles, users } from '../../db/schema/index.js';

export type SlotRow = { date: string; startTime: string; endTime: string };
export type DoctorWithSlots = { id: number; firstName: string; lastName: string; description: string; slots: SlotRow[] };

const weekdays = sql.raw(`ARRAY[${DAYS_OF_WEEK.map((d) => `'${d}'`).join(', ')}]`);
const hhmm = (minutes: string) =>
  sql.raw(`lpad((${minutes} / 60)::text, 2, '0') || ':' || lpad((${minutes} % 60)::text, 2, '0')`);

/**
 * Every bookable psychologist offering one of the types, with the free slots of their weekly schedule laid over each
 * date of the range: not overlapping a confirmed appointment and starting after now. One query for the whole search.
 */
export async function findDoctorsWithFreeSlots(
  db: Db,
  q: { startDate: string; endDate: string; therapyTypes: TherapyType[]; today: string; nowMinute: number },
): Promise<DoctorWithSlots[]> {
  const types = sql.join(
    q.therapyTypes.map((t) => sql`${t}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH days AS (
      SELECT g.d::date AS day, (${weekdays})[extract(isodow FROM g.d)::int]::day_of_week AS dow
      FROM generate_series(${q.startDate}::date, ${q.endDate}::date, interval '1 day') AS g(d)
    )
    SELECT u.id, u.first_name, u.last_name, p.description,
      json_agg(json_build_object(
        'date', to_char(days.day, 'YYYY-MM-DD'),
        'startTime', ${hhmm('s.start_minute')},
        'endTime', ${hhmm('s.end_minute')}
      ) ORDER BY days.day, s.start_minute) AS slots
    FROM users u
    JOIN psychologist_profiles p ON p.user_id = u.id
    JOIN schedule_slots s ON s.psychologist_id = u.id
    JOIN days ON days.dow = s.day_of_week
    WHERE u.role = 'PSYCHOLOGIST' AND u.enabled AND u.profile_completed
      AND p.therapy_types && ARRAY[${types}]::text[]
      AND (days.day > ${q.today}::date OR s.start_minute > ${q.nowMinute})
      AND NOT EXISTS (
        SELECT 1 FROM appointments a
        WHERE a.psychologist_id = u.id AND a.date = days.day AND a.status = 'CONFIRMED'
          AND a.start_minute < s.end_minute AND a.end_minute > s.start_minute
      )
    GROUP BY u.id, u.first_name, u.last_name, p.description
    ORDER BY u.first_name, u.last_name, u.id
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    description: String(r.description),
    slots: (typeof r.slots === 'string' ? JSON.parse(r.slots) : r.slots) as SlotRow[],
  }));
}

export async function findDoctorInfo(db: Db, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      experience: psychologistProfiles.experience,
      education: psychologistProfiles.education,
      description: psychologistProfiles.description,
      therapyTypes: psychologistProfiles.therapyTypes,
      avatarOwner: avatars.userId,
    })
    .from(users)
    .leftJoin(psychologistProfiles, eq(psychologistProfiles.userId, users.id))
    .leftJoin(avatars, eq(avatars.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'PSYCHOLOGIST')))
    .limit(1);
  return row;
}
