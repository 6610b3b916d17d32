// The API under load: 100 connections against PostgreSQL (DATABASE_URL, else a local server), beside a bare node:http
// server answering a small JSON in the same run. Health, /me, a patient's appointment list, a page of the doctor search
// over a busy practice and booking, each with req/s, p50, p99 and its share of the bare server's req/s.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { THERAPY_TYPES } from '@rozmova/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { PlatformClock } from '../apps/server/src/lib/clock.js';
import { addDays } from '../apps/server/src/lib/time.js';
import { startBareServer } from './lib/bare-server.js';
import { benchApiConfig, freshPostgres, postgresUrl } from './lib/bench-db.js';
import { ratioTable, type ThroughputResult, throughput } from './lib/load.js';
import { seedPractice } from './lib/seed-practice.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 100;
const SIZE = { psychologists: 500, firstHour: 9, lastHour: 18, bookedDays: 14 };
// Booking needs a fresh free slot per request, and a patient holds at most 10 upcoming appointments: this many patients
// book 10 each at most, in slots past the seeded bookings, each patient's slots at different hours.
const BOOKERS = 1000;
const BOOKINGS = BOOKERS * 10;

const progress = (message: string) => process.stderr.write(`  ${new Date().toISOString().slice(11, 19)} ${message}\n`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const url = await postgresUrl();
if (!url) {
  console.log('\nAPI under load: skipped (no PostgreSQL server; set DATABASE_URL=postgres://… to measure it)\n');
  process.exit(0);
}

const target = await freshPostgres(url);
const work = mkdtempSync(join(tmpdir(), 'rozmova-load-'));
try {
  const config = benchApiConfig(target);
  const today = new PlatformClock(config.timeZone).today();
  progress(`${target.label}: seeding ${SIZE.psychologists} psychologists and ${BOOKERS} booking patients`);
  const seeded = await seedPractice(target.database.db, SIZE, today, config.timeZone);
  const db = target.database.db;
  await db.execute(sql`
    INSERT INTO users (email, role, first_name, last_name, profile_completed)
    SELECT 'bench-booker-' || i || '@bench.test', 'PATIENT', 'Booker', lpad(i::text, 4, '0'), true
    FROM generate_series(1, ${BOOKERS}::int) AS i`);
  const bookers = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM users WHERE email LIKE 'bench-booker-%' ORDER BY id`),
  ).map((r) => Number(r.id));
  // Free slots from the day after the seeded bookings end, hour by hour: the n-th goes to booker n mod BOOKERS, and
  // as an hour holds fewer slots than there are bookers, no booker gets two at one time.
  const from = addDays(today, SIZE.bookedDays + 1);
  const slots = rowsOf<{ psychologist_id: number; date: string; hour: number }>(
    await db.execute(sql`
      SELECT s.psychologist_id, to_char(d, 'YYYY-MM-DD') AS date, s.start_minute / 60 AS hour
      FROM generate_series(${from}::date, ${from}::date + 30, interval '1 day') AS d
      JOIN schedule_slots s ON s.day_of_week::text = upper(trim(to_char(d, 'Day')))
      ORDER BY d, s.start_minute, s.psychologist_id
      LIMIT ${BOOKINGS}`),
  );
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  const bookings = slots.map((s, n) => ({
    patient: n % BOOKERS,
    psychologistId: Number(s.psychologist_id),
    date: s.date,
    startTime: hh(Number(s.hour)),
    endTime: hh(Number(s.hour) + 1),
  }));
  if (bookings.length < BOOKINGS) throw new Error(`only ${bookings.length} free slots to book`);

  const app = await buildApp(config, { database: target.database, logger: false });
  const bare = await startBareServer();
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await app.tokens.issue(seeded.patientId);
    const tokens = await Promise.all(bookers.map((id) => app.tokens.issue(id)));
    process.env.BENCH_BOOKINGS = join(work, 'bookings.json');
    writeFileSync(process.env.BENCH_BOOKINGS, JSON.stringify({ bookings, tokens }));

    const list = await fetch(`${baseUrl}/api/patient/appointments`, { headers: { authorization: `Bearer ${token}` } });
    const appointments = ((await list.json()) as unknown[]).length;
    const search = {
      method: 'POST' as const,
      body: { startDate: today, endDate: addDays(today, 13), therapyTypes: [...THERAPY_TYPES] },
      token,
    };
    progress(`${target.label}: measuring, ${SECONDS} s per endpoint at ${CONNECTIONS} connections`);
    const rows: ThroughputResult[] = [];
    const measure = async (name: string, at: string, spec: Omit<Parameters<typeof throughput>[1], 'name'>) => {
      rows.push(await throughput(at, { ...spec, name, connections: CONNECTIONS }, SECONDS));
    };
    await measure('bare node:http', bare.url, { method: 'GET', path: '/' });
    await measure('GET /api/health', baseUrl, { method: 'GET', path: '/api/health' });
    await measure('GET /api/user/me', baseUrl, { method: 'GET', path: '/api/user/me', token });
    await measure(`GET /api/patient/appointments (${appointments})`, baseUrl, {
      method: 'GET',
      path: '/api/patient/appointments',
      token,
    });
    await measure('doctor search: a page of 20 (14 days)', baseUrl, {
      ...search,
      path: '/api/patient/doctors/search?limit=20',
    });
    await measure('POST /api/patient/appointments (book)', baseUrl, {
      method: 'POST',
      path: '/api/patient/appointments',
      setupRequest: new URL('./lib/booking-request.cjs', import.meta.url).pathname,
    });
    const booked = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM appointments WHERE date >= ${from}`),
    )[0].n;
    const facts =
      `${SIZE.psychologists} psychologists, ${seeded.slots} weekly slots, ${seeded.booked} booked appointments; ` +
      `booking: ${booked} appointments made by ${BOOKERS} patients, each request a different free slot` +
      `${booked >= BOOKINGS ? ' (the list ran out, so later bookings were refused as taken)' : ''}`;
    console.log(
      `\nAPI under load\n\n${ratioTable(`${target.label} — ${CONNECTIONS} connections, ${SECONDS} s per endpoint`, rows)}\n${facts}\n`,
    );
  } finally {
    await bare.close();
    await app.close();
  }
} finally {
  await target.dispose();
  rmSync(work, { recursive: true, force: true });
}
