// Doctor search over a busy practice (500 and 5,000 psychologists × 14 days, a third of the slots booked; the sizes
// from BENCH_PSYCHOLOGISTS, e.g. "500,5000") beside a bare node:http server answering the first page's own bytes and
// GET /api/health, on the embedded database and on PostgreSQL (DATABASE_URL, else a local server): a page of doctors
// and one doctor's full slots at 2 clients, the whole unpaged list at 1 client. BENCH_SKIP_EMBEDDED=1 measures
// PostgreSQL alone.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { THERAPY_TYPES } from '@rozmova/contract';
import { buildApp } from '../apps/server/src/app.js';
import { PlatformClock } from '../apps/server/src/lib/clock.js';
import { addDays } from '../apps/server/src/lib/time.js';
import { type BenchDatabase, benchApiConfig, freshEmbedded, freshPostgres, postgresUrl } from './lib/bench-db.js';
import { load, table } from './lib/load.js';
import { seedPractice } from './lib/seed-practice.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SIZES = (process.env.BENCH_PSYCHOLOGISTS ?? '500,5000').split(',').map(Number);
const RANGE_DAYS = 14;
/**
 * A page p95 at 2 clients (PostgreSQL's server and the embedded one); the whole unpaged list p95 at 1 client, at 500
 * psychologists (it grows with the catalogue).
 */
const GOALS = { pageP95: { postgres: 15, embedded: 30 }, listP95: 150 };

/** The yardstick: node:http answering, to any request, the very bytes (and type) the search's first page answered. */
async function startBareServer(body: Buffer, type: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': type, 'content-length': body.length });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const progress = (message: string) => process.stderr.write(`  ${new Date().toISOString().slice(11, 19)} ${message}\n`);

type Figures = { label: string; psychologists: number; pages: number[] };
const figures: Figures[] = [];

async function benchOn(open: () => Promise<BenchDatabase>, psychologists: number, goal: number): Promise<string> {
  const SIZE = { psychologists, firstHour: 9, lastHour: 18, bookedDays: 14 };
  const target = await open();
  progress(`${target.label}: seeding ${SIZE.psychologists} psychologists`);
  try {
    const config = benchApiConfig(target);
    const today = new PlatformClock(config.timeZone).today();
    const seeded = await seedPractice(target.database.db, SIZE, today, config.timeZone);
    progress(`${target.label}: ${seeded.slots} weekly slots, ${seeded.booked} appointments; settling, starting the server`);
    await target.settle();
    const app = await buildApp(config, { database: target.database, logger: false });
    let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const token = await app.tokens.issue(seeded.patientId);
      const body = { startDate: today, endDate: addDays(today, RANGE_DAYS - 1), therapyTypes: [...THERAPY_TYPES] };
      const check = await fetch(`${baseUrl}/api/patient/doctors/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const doctors = (await check.json()) as { availableSlots: unknown[] }[];
      if (check.status !== 200) throw new Error(`search answered ${check.status}: ${JSON.stringify(doctors)}`);
      const free = doctors.reduce((n, d) => n + d.availableSlots.length, 0);
      const first = await fetch(`${baseUrl}/api/patient/doctors/search?limit=20`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const firstBytes = Buffer.from(await first.arrayBuffer());
      const page = JSON.parse(firstBytes.toString('utf8')) as { doctors: { id: number }[]; nextCursor: string };
      bare = await startBareServer(firstBytes, first.headers.get('content-type') ?? 'application/json');
      const search = { method: 'POST' as const, body, token };
      progress(`${target.label}: measuring`);
      const rows = [
        await load(bare.url, { ...search, name: "bare node:http (the first page's bytes)", path: '/', connections: 2 }, SECONDS),
        await load(baseUrl, { name: 'GET /api/health', method: 'GET', path: '/api/health', connections: 2 }, SECONDS),
        await load(
          baseUrl,
          { ...search, name: 'search: first page of 20 doctors', path: '/api/patient/doctors/search?limit=20', connections: 2 },
          SECONDS,
        ),
        await load(
          baseUrl,
          {
            ...search,
            name: 'search: the next page (cursor)',
            path: `/api/patient/doctors/search?limit=20&cursor=${encodeURIComponent(page.nextCursor)}`,
            connections: 2,
          },
          SECONDS,
        ),
        await load(
          baseUrl,
          {
            ...search,
            name: "search: one doctor's full slots",
            path: `/api/patient/doctors/search?psychologistId=${page.doctors[7].id}`,
            connections: 2,
          },
          SECONDS,
        ),
        await load(
          baseUrl,
          {
            ...search,
            name: `search: whole unpaged list (${RANGE_DAYS} days)`,
            path: '/api/patient/doctors/search',
            connections: 1,
          },
          SECONDS,
        ),
      ];
      const pages = [rows[2].p95, rows[3].p95, rows[4].p95];
      figures.push({ label: target.label, psychologists, pages });
      const met = pages.every((p95) => p95 <= goal) && (psychologists > 500 || rows[5].p95 <= GOALS.listP95);
      const facts =
        `${SIZE.psychologists} psychologists, ${seeded.slots} weekly slots, ${seeded.booked} booked appointments; ` +
        `the unpaged search returns ${doctors.length} doctors with ${free} free slots\n` +
        `goals: every page p95 ≤ ${goal} ms at 2 clients; at 500, the whole list p95 ≤ ${GOALS.listP95} ms at 1 client — ` +
        `${met ? 'met' : 'NOT met'}`;
      return `${table(`${target.label}, ${psychologists} psychologists`, rows, SECONDS)}\n${facts}`;
    } finally {
      await bare?.close();
      await app.close();
    }
  } finally {
    await target.dispose();
  }
}

/** Whether a page costs the same at every size: each database's worst page p95 by size. */
function flatness(): string {
  const lines = [...new Set(figures.map((f) => f.label))].map((label) => {
    const bySize = figures.filter((f) => f.label === label);
    const sizes = bySize.map((f) => `${f.psychologists}: ${Math.max(...f.pages).toFixed(1)} ms`).join(', ');
    return `${label}: worst page p95 by size — ${sizes}`;
  });
  return lines.join('\n');
}

const reports: string[] = [];
const url = await postgresUrl();
const skipEmbedded = process.env.BENCH_SKIP_EMBEDDED === '1';
for (const size of SIZES) {
  if (!skipEmbedded) reports.push(await benchOn(freshEmbedded, size, GOALS.pageP95.embedded));
  if (url) reports.push(await benchOn(() => freshPostgres(url), size, GOALS.pageP95.postgres));
}
if (!url) reports.push('PostgreSQL: skipped (no server; set DATABASE_URL=postgres://… to measure it too)');
if (figures.length > 0) reports.push(flatness());
console.log(`\nDoctor search benchmark\n\n${reports.join('\n\n')}\n`);
