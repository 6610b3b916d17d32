// Per-request cost of the API: /api/health, /api/user/me and a patient's appointment list, each beside a bare
// node:http server answering the same small JSON in the same run, on the embedded database and on PostgreSQL.

import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.js';
import { PlatformClock } from '../apps/server/src/lib/clock.js';
import { startBareServer } from './lib/bare-server.js';
import { type BenchDatabase, benchApiConfig, freshEmbedded, freshPostgres, postgresUrl } from './lib/bench-db.js';
import { ratioTable, type ThroughputResult, throughput } from './lib/load.js';
import { seedPractice } from './lib/seed-practice.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const GOALS = { health: 0.6, me: 0.3 };

const progress = (message: string) => process.stderr.write(`  ${new Date().toISOString().slice(11, 19)} ${message}\n`);

async function benchOn(open: () => Promise<BenchDatabase>): Promise<{ report: string; met: boolean }> {
  const target = await open();
  try {
    const config = benchApiConfig(target);
    const today = new PlatformClock(config.timeZone).today();
    const seeded = await seedPractice(
      target.database.db,
      { psychologists: 20, firstHour: 9, lastHour: 18, bookedDays: 14 },
      today,
      config.timeZone,
    );
    await target.settle();
    const app = await buildApp(config, { database: target.database, logger: false });
    const bare = await startBareServer();
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const token = await app.tokens.issue(seeded.patientId);
      const list = await fetch(`${baseUrl}/api/patient/appointments`, { headers: { authorization: `Bearer ${token}` } });
      const appointments = ((await list.json()) as unknown[]).length;
      progress(`${target.label}: measuring, ${ROUNDS} rounds of ${SECONDS} s per endpoint`);
      const measure = (name: string, url: string, path: string, withToken = false) =>
        throughput(url, { name, method: 'GET', path, connections: CONNECTIONS, ...(withToken && { token }) }, SECONDS);
      const round = async () => [
        await measure('bare node:http', bare.url, '/'),
        await measure('GET /api/health', baseUrl, '/api/health'),
        await measure('GET /api/user/me', baseUrl, '/api/user/me', true),
      ];
      // Server and load generator share two cores, and what the machine can give moves by a third within a minute:
      // the bare server, health and /me are measured in many short interleaved rounds after a warm-up, each share is
      // taken against the bare server of its own round, and the median share is the figure.
      await round();
      const rounds: ThroughputResult[][] = [];
      for (let i = 0; i < ROUNDS; i++) rounds.push(await round());
      const median = <T>(values: T[], by: (value: T) => number) => [...values].sort((a, b) => by(a) - by(b))[values.length >> 1];
      const shares = (i: number) => rounds.map((r) => r[i].perSecond / r[0].perSecond);
      const rows = [0, 1, 2].map((i) =>
        median(
          rounds.map((r) => r[i]),
          (r) => r.perSecond,
        ),
      );
      rows.push(await measure(`GET /api/patient/appointments (${appointments})`, baseUrl, '/api/patient/appointments', true));
      const figure = (i: number) => median(shares(i), (x) => x);
      const share = [1, figure(1), figure(2), rows[3].perSecond / rows[0].perSecond];
      const met = share[1] >= GOALS.health && share[2] >= GOALS.me;
      const perRound = (i: number) =>
        shares(i)
          .map((x) => `${Math.round(x * 100)}`)
          .join(', ');
      const goals = `goals: health ≥ ${GOALS.health * 100} % of bare, /me ≥ ${GOALS.me * 100} % — ${met ? 'met' : 'NOT met'} (each round, %: health ${perRound(1)}; /me ${perRound(2)})`;
      return {
        report: `${ratioTable(`${target.label} — ${CONNECTIONS} connections, medians of ${ROUNDS} rounds`, rows, share)}\n${goals}`,
        met,
      };
    } finally {
      await bare.close();
      await app.close();
    }
  } finally {
    await target.dispose();
  }
}

const results = [await benchOn(freshEmbedded)];
const url = await postgresUrl();
if (url) results.push(await benchOn(() => freshPostgres(url)));
const skipped = url ? '' : '\nPostgreSQL: skipped (no server; set DATABASE_URL=postgres://… to measure it too)';
console.log(`\nAPI per-request benchmark\n\n${results.map((r) => r.report).join('\n\n')}${skipped}\n`);
