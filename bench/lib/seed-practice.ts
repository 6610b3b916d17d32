import { DAYS_OF_WEEK } from '@rozmova/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';

const SEED_BATCH = 500;
const count = (r: unknown) => (r as { rows: unknown[] }).rows.length;

export type PracticeSize = { psychologists: number; firstHour: number; lastHour: number; bookedDays: number };

/**
 * Bulk-inserts a busy practice in a few statements: psychologists with hourly slots every day of the week, one patient
 * per psychologist (so a patient's bookings never overlap), and a third of the slots of the next `bookedDays` days
 * booked. Everyone keeps the platform's zone (`timeZone`), the wall clock of the schedules.
 */
export async function seedPractice(
  db: Db,
  size: PracticeSize,
  today: string,
  timeZone: string,
): Promise<{ patientId: number; slots: number; booked: number }> {
  const n = size.psychologists;
  const days = sql.raw(`ARRAY[${DAYS_OF_WEEK.map((d) => `'${d}'`).join(', ')}]`);
  await db.execute(sql`
    INSERT INTO users (email, role, first_name, last_name, profile_completed)
    SELECT 'bench-' || kind || '-' || i || '@bench.test', kind::role, initcap(lower(kind)), 'No ' || lpad(i::text, 4, '0'), true
    FROM generate_series(1, ${n}::int) AS i, unnest(ARRAY['PSYCHOLOGIST', 'PATIENT']) AS kind`);
  await db.execute(sql`
    INSERT INTO psychologist_profiles (user_id, experience, therapy_types, description, verified)
    SELECT id, 7, ARRAY['KPT', 'GESTALT_TERAPIA', 'ART_TERAPIA'], 'Cognitive behavioural therapy for anxiety and burnout.', true
    FROM users WHERE role = 'PSYCHOLOGIST'`);
  const slots = await db.execute(sql`
    INSERT INTO schedule_slots (psychologist_id, day_of_week, start_minute, end_minute)
    SELECT u.id, d.dow::day_of_week, h * 60, h * 60 + 60
    FROM users u, unnest(${days}) AS d(dow), generate_series(${size.firstHour}::int, ${size.lastHour - 1}::int) AS h
    WHERE u.role = 'PSYCHOLOGIST'
    RETURNING id`);
  // In batches of psychologists: one statement for thousands of them outlasts the pool's statement timeout, the
  // exclusion constraints checking every row.
  let booked = 0;
  for (let first = 1; first <= n; first += SEED_BATCH) {
    const rows = await db.execute(sql`
      WITH psy AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM users WHERE role = 'PSYCHOLOGIST'),
           pat AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM users WHERE role = 'PATIENT')
      INSERT INTO appointments (psychologist_id, patient_id, starts_at, ends_at, status, video_call_room_id)
      SELECT psy.id, pat.id, (g.d::date + h * interval '1 hour') AT TIME ZONE ${timeZone}::text,
        (g.d::date + h * interval '1 hour') AT TIME ZONE ${timeZone}::text + interval '1 hour',
        'CONFIRMED', md5(psy.id || '/' || g.d || '/' || h)
      FROM psy JOIN pat USING (rn),
        generate_series(${today}::date, ${today}::date + ${size.bookedDays - 1}::int, interval '1 day') AS g(d),
        generate_series(${size.firstHour}::int, ${size.lastHour - 1}::int) AS h
      WHERE (psy.rn + h + (g.d::date - ${today}::date)) % 3 = 0 AND psy.rn BETWEEN ${first}::int AND ${first + SEED_BATCH - 1}::int
      RETURNING id`);
    booked += count(rows);
  }
  const [patient] = (
    (await db.execute(sql`SELECT min(id) AS id FROM users WHERE role = 'PATIENT'`)) as unknown as { rows: { id: number }[] }
  ).rows;
  return { patientId: Number(patient.id), slots: count(slots), booked };
}
