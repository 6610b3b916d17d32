// The notifications' job queue (pg-boss) on the embedded database and on PostgreSQL (DATABASE_URL, else a local
// server): what queuing a mail adds to a transaction, how many mail jobs one process works through a second, and what
// the bell's poll (GET /api/notifications, every NOTIFICATIONS_POLL_MS per open page) costs the server.

import { NOTIFICATIONS_POLL_MS } from '@rozmova/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { notifications, users } from '../apps/server/src/db/schema/index.js';
import { type BenchDatabase, benchApiConfig, freshEmbedded, freshPostgres, postgresUrl } from './lib/bench-db.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 300);
const POLLS = 300;

const progress = (message: string) => process.stderr.write(`  ${new Date().toISOString().slice(11, 19)} ${message}\n`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const ms = (n: number) => n.toFixed(2);

async function timed(times: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await work(i);
    out.push(performance.now() - start);
  }
  return out.sort((a, b) => a - b);
}

async function benchOn(open: () => Promise<BenchDatabase>): Promise<string[]> {
  const target = await open();
  try {
    const config = benchApiConfig(target);
    const app = await buildApp(config, { database: target.database, logger: false });
    await app.ready();
    const { db, jobs } = app.context;
    progress(`${target.label}: queuing ${JOBS} jobs`);

    const [user] = await db.insert(users).values({ email: 'bench@example.test', role: 'PATIENT' }).returning();
    const row = (i: number) => ({
      userId: user.id,
      kind: 'MESSAGE' as const,
      appointmentId: null,
      key: `bench:${i}`,
      details: {},
      createdAt: new Date(),
      mail: 'SKIPPED' as const,
    });
    await jobs.queue('bench', { limit: 0, delaySeconds: 1, expireInSeconds: 60 });
    const bare = await timed(JOBS, (i) => db.transaction((tx) => tx.insert(notifications).values(row(i))));
    const withJob = await timed(JOBS, (i) =>
      db.transaction(async (tx) => {
        await tx.insert(notifications).values(row(JOBS + i));
        await jobs.send('bench', { i }, tx);
      }),
    );

    let done = 0;
    const start = performance.now();
    const finished = new Promise<void>((resolve) => {
      jobs.work('bench', 2, async () => {
        done += 1;
        if (done === JOBS) resolve();
      });
    });
    await finished;
    const perSecond = JOBS / ((performance.now() - start) / 1000);

    // The bell's poll: the reader's first page and unread count, over 200 notifications.
    const token = await app.tokens.issue(user.id);
    await db.execute(sql`update ${notifications} set mail = 'SENT'`);
    const polls = await timed(POLLS, () =>
      app.inject({ method: 'GET', url: '/api/notifications?page=0&size=20', headers: { authorization: `Bearer ${token}` } }),
    );
    const pollP50 = percentile(polls, 50);
    await app.close();
    return [
      target.label,
      `${ms(percentile(bare, 50))} / ${ms(percentile(bare, 95))}`,
      `${ms(percentile(withJob, 50))} / ${ms(percentile(withJob, 95))}`,
      perSecond.toFixed(0),
      `${ms(pollP50)} / ${ms(percentile(polls, 95))}`,
      // Open pages one core serves at the poll's interval, from the median poll.
      (NOTIFICATIONS_POLL_MS / pollP50).toFixed(0),
    ];
  } finally {
    await target.dispose();
  }
}

const rows = [await benchOn(freshEmbedded)];
const url = await postgresUrl();
if (url) rows.push(await benchOn(() => freshPostgres(url)));
else progress('no PostgreSQL server; skipped');
const header = [
  'database',
  'transaction ms p50/p95',
  '+ queued mail ms p50/p95',
  'mail jobs/s (1 process)',
  'bell poll ms p50/p95',
  'open pages per core',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const line of [header, ...rows]) console.log(line.map((cell, i) => cell.padEnd(widths[i])).join('  '));
