// Doctor search over a busy practice beside GET /api/health, on the embedded database and, when DATABASE_URL is set,
// on a fresh database of that PostgreSQL server.

import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { THERAPY_TYPES } from '@rozmova/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { PlatformClock } from '../apps/server/src/lib/clock.js';
import { addDays } from '../apps/server/src/lib/time.js';
import { type BenchDatabase, freshEmbedded, freshPostgres } from './lib/bench-db.js';
import { load, table } from './lib/load.js';
import { seedPractice } from './lib/seed-practice.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SIZE = { psychologists: 500, firstHour: 9, lastHour: 18, bookedDays: 14 };
const RANGE_DAYS = 14;

const progress = (message: string) => process.stderr.write(`  ${new Date().toISOString().slice(11, 19)} ${message}\n`);

async function benchOn(open: () => Promise<BenchDatabase>): Promise<string> {
  const target = await open();
  progress(`${target.label}: seeding ${SIZE.psychologists} psychologists`);
  try {
    const config = loadConfig({
      DATA_DIR: target.dataDir,
      JWT_SECRET: 'bench-secret-0123456789abcdef',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'silent',
      WEB_DIST: join(target.dataDir, 'no-web'),
    });
    const today = new PlatformClock(config.timeZone).today();
    const seeded = await seedPractice(target.database.db, SIZE, today);
    progress(`${target.label}: ${seeded.slots} weekly slots, ${seeded.booked} appointments; starting the server`);
    const app = await buildApp(config, { database: target.database, logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const token = await app.signToken(seeded.patientId);
      const body = { startDate: today, endDate: addDays(today, RANGE_DAYS - 1), therapyTypes: [...THERAPY_TYPES] };
      const check = await fetch(`${baseUrl}/api/patient/doctors/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const doctors = (await check.json()) as { availableSlots: unknown[] }[];
      if (check.status !== 200) throw new Error(`search answered ${check.status}: ${JSON.stringify(doctors)}`);
      const free = doctors.reduce((n, d) => n + d.availableSlots.length, 0);
      progress(`${target.label}: measuring`);
      const rows = [
        await load(baseUrl, { name: 'GET /api/health', method: 'GET', path: '/api/health', connections: 10 }, SECONDS),
        // Each search answers every doctor's free slots (megabytes of JSON), so fewer clients keep the queue short.
        await load(
          baseUrl,
          {
            name: `POST /api/patient/doctors/search (${RANGE_DAYS} days)`,
            method: 'POST',
            path: '/api/patient/doctors/search',
            connections: 2,
            body,
            token,
          },
          SECONDS,
        ),
      ];
      const facts =
        `${SIZE.psychologists} psychologists, ${seeded.slots} weekly slots, ${seeded.booked} booked appointments; ` +
        `each search returns ${doctors.length} doctors with ${free} free slots`;
      return `${table(target.label, rows, SECONDS)}\n${facts}`;
    } finally {
      await app.close();
    }
  } finally {
    await target.dispose();
  }
}

const reports = [await benchOn(freshEmbedded)];
const url = process.env.DATABASE_URL;
if (url) reports.push(await benchOn(() => freshPostgres(url)));
else reports.push('PostgreSQL: skipped (set DATABASE_URL=postgres://… to measure it too)');
console.log(`\nDoctor search benchmark\n\n${reports.join('\n\n')}\n`);
