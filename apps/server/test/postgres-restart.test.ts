import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DAYS_OF_WEEK, formatTime } from '@rozmova/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../src/access/session-cache.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase, POOL_SIZE } from '../src/db/client.js';
import { appointments, patientProfiles, psychologistProfiles, scheduleSlots, users } from '../src/db/schema/index.js';
import { dateFromToday, platformInstant } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { call, RECORDS_KEY } from './helpers.js';
import { freePort } from './ports.js';
import { REDIS_URL, redisAnswers } from './redis.js';

/**
 * A PostgreSQL server of this file's own stops and starts again while several clients keep reading and writing.
 * While it is away every answer is a quick 503 UNAVAILABLE (liveness still 200), the app recovers by itself once it
 * is back, and the database holds every write a client saw succeed and no half of anything.
 *
 * Slow (about 12 s): it creates and starts a PostgreSQL cluster of its own, and the load runs for a few seconds in
 * each phase (before, outage, after) so that each phase sees many requests of every kind.
 * In CI missing PostgreSQL binaries fail this file; elsewhere it skips.
 */
/** The newest installed server binaries: Debian's /usr/lib/postgresql/<version>/bin, else `pg_config --bindir`. */
function findPgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+(\.\d+)?$/.test(v)) : [];
  const dirs = versions.sort((a, b) => Number(b) - Number(a)).map((v) => join(root, v, 'bin'));
  try {
    dirs.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {}
  return dirs.find((dir) => existsSync(join(dir, 'pg_ctl')));
}
const PG_BIN = findPgBin() ?? '';
const havePostgres = PG_BIN !== '';
const inCi = process.env.CI === 'true';
if (!havePostgres && !inCi) console.warn('postgres-restart: no PostgreSQL server binaries found; skipped (in CI this fails)');

const run = promisify(execFile);
/** PostgreSQL refuses to run as root; as root its commands run as the postgres user. */
const asRoot = process.getuid?.() === 0;
const pg = (bin: string, args: string[]) =>
  asRoot
    ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args], { timeout: 30_000 })
    : run(join(PG_BIN, bin), args, { timeout: 30_000 });

/** Longest any single answer may take, in any phase. */
const ANSWER_BOUND_MS = 5000;
const OUTAGE_MS = 3000;
const RECOVERY_BOUND_MS = 10_000;
const BASE_HOURS = Array.from({ length: 12 }, (_, i) => 8 + i);

const hhmm = (minute: number) => formatTime(minute);
/** Version k of a week: every day 08:00-20:00 in hours, plus on Sunday a half hour before 08:00 for each bit of k. */
const week = (k: number) =>
  DAYS_OF_WEEK.map((dayOfWeek) => {
    const markers = dayOfWeek === 'SUNDAY' ? [...Array(16).keys()].filter((bit) => (k >> bit) & 1) : [];
    return {
      dayOfWeek,
      timeSlots: [
        ...markers.map((bit) => ({ startTime: hhmm(bit * 30), endTime: hhmm(bit * 30 + 30) })),
        ...BASE_HOURS.map((h) => ({ startTime: hhmm(h * 60), endTime: hhmm(h * 60 + 60) })),
      ],
    };
  });
const versionIn = (text: string) => Number(/v(\d+)$/.exec(text)?.[1] ?? Number.NaN);

type Sample = { client: string; kind: string; sentAt: number; answeredAt: number; status: number; code?: string; body: unknown };
type Booking = { patientId: number; psychologistId: number; date: string; startMinute: number; sample: Sample };
type Versioned = { userId: number; version: number; sample: Sample };

describe.skipIf(!havePostgres && !inCi)('PostgreSQL restarting under load', () => {
  let dataDir: string;
  let database: Database;
  let app: FastifyInstance;
  const logLines: string[] = [];
  let pgStart: () => Promise<unknown>;
  const pgStop = () => pg('pg_ctl', ['-D', join(dataDir, 'data'), '-m', 'fast', '-w', 'stop']);

  beforeAll(async () => {
    expect(havePostgres, 'PostgreSQL server binaries (pg_ctl, initdb) must be installed').toBe(true);
    dataDir = mkdtempSync(join(tmpdir(), 'rozmova-pg-'));
    if (asRoot) {
      const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
      chownSync(dataDir, id('-u'), id('-g'));
    }
    await pg('initdb', ['-D', join(dataDir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '-N']);
    const port = await freePort();
    const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    pgStart = () => pg('pg_ctl', ['-D', join(dataDir, 'data'), '-l', join(dataDir, 'server.log'), '-w', '-o', options, 'start']);
    await pgStart();
    const useRedis = await redisAnswers();
    database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres` });
    const config = loadConfig({
      DATA_DIR: join(dataDir, 'app'),
      JWT_SECRET: 'restart-jwt-secret-0123456789abcdef',
      RECORDS_KEY,
      WEB_DIST: join(tmpdir(), 'rozmova-no-web'),
      LOG_LEVEL: 'warn',
      // With a Redis the session notices travel through it too, and must ride out the outage as well.
      ...(useRedis ? { REDIS_URL } : {}),
    });
    app = await buildApp(config, { database, logger: true, logStream: { write: (line) => void logLines.push(line) } });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) {
      await pg('pg_ctl', ['-D', join(dataDir, 'data'), '-m', 'immediate', 'stop']).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 fast while it is away, recovers by itself, and keeps every write whole', async () => {
    const t0 = performance.now();
    const clock = () => performance.now() - t0;
    const samples: Sample[] = [];
    /** One request through the whole app; one that does not answer within twice the bound is recorded as status 0. */
    const send = async (client: string, kind: string, opts: InjectOptions & { token?: string }): Promise<Sample> => {
      const sentAt = clock();
      const noAnswer = new Promise<null>((resolve) => setTimeout(() => resolve(null), 2 * ANSWER_BOUND_MS).unref());
      const res = await Promise.race([call(app, opts), noAnswer]);
      const sample: Sample = {
        client,
        kind,
        sentAt,
        answeredAt: clock(),
        status: res?.status ?? 0,
        code: res?.body?.code,
        body: res?.body,
      };
      samples.push(sample);
      return sample;
    };

    const patients = await Promise.all([1, 2, 3, 4].map(() => createPatient(app)));
    const psychologists = await Promise.all([1, 2, 3].map(() => createPsychologist(app)));
    const scheduleSaves: Versioned[] = [];
    const profileSaves: Versioned[] = [];
    const bookings: Booking[] = [];
    const cancels: { id: number; reason: string; sample: Sample }[] = [];
    const versions = new Map<number, number>();
    const nextVersion = (userId: number) => {
      const v = (versions.get(userId) ?? 0) + 1;
      versions.set(userId, v);
      return v;
    };
    const saveSchedule = async (p: TestUser, client: string) => {
      const version = nextVersion(p.id);
      const sample = await send(client, 'schedule save', {
        method: 'POST',
        url: '/api/psychologist/schedule',
        token: p.token,
        payload: week(version),
      });
      scheduleSaves.push({ userId: p.id, version, sample });
    };
    for (const p of psychologists) {
      await saveSchedule(p, 'setup');
      expect(scheduleSaves.at(-1)?.sample.status).toBe(200);
    }

    let loadRunning = true;
    const pause = () => new Promise((r) => setTimeout(r, 10));
    const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

    const patientLoop = async (me: TestUser, client: string) => {
      while (loadRunning) {
        await send(client, 'me', { method: 'GET', url: '/api/user/me', token: me.token });
        await send(client, 'appointment list', { method: 'GET', url: '/api/patient/appointments', token: me.token });
        const from = 1 + Math.floor(Math.random() * 40);
        await send(client, 'doctor search', {
          method: 'POST',
          url: '/api/patient/doctors/search',
          token: me.token,
          payload: { startDate: dateFromToday(app, from), endDate: dateFromToday(app, from + 14), therapyTypes: ['KPT'] },
        });
        const slot = {
          psychologistId: pick(psychologists).id,
          date: dateFromToday(app, 1 + Math.floor(Math.random() * 60)),
          startMinute: pick(BASE_HOURS) * 60,
        };
        const sample = await send(client, 'booking', {
          method: 'POST',
          url: '/api/patient/appointments',
          token: me.token,
          payload: {
            psychologistId: slot.psychologistId,
            date: slot.date,
            startTime: hhmm(slot.startMinute),
            endTime: hhmm(slot.startMinute + 60),
          },
        });
        bookings.push({ ...slot, patientId: me.id, sample });
        const version = nextVersion(me.id);
        const saved = await send(client, 'profile save', {
          method: 'PUT',
          url: '/api/patient/profile',
          token: me.token,
          payload: {
            firstName: 'Pat',
            lastName: `v${version}`,
            dateOfBirth: '1990-01-01',
            aboutMe: `v${version}`,
            therapyGoals: '',
          },
        });
        profileSaves.push({ userId: me.id, version, sample: saved });
        await pause();
      }
    };
    const psychologistLoop = async (me: TestUser, client: string) => {
      while (loadRunning) {
        const list = await send(client, 'appointment list', { method: 'GET', url: '/api/doctor/appointments', token: me.token });
        const upcoming = Array.isArray(list.body) ? (list.body as { id: number; status: string }[]) : [];
        const target = upcoming.filter((a) => a.status === 'CONFIRMED');
        if (target.length > 0 && Math.random() < 0.5) {
          const { id } = pick(target);
          const reason = `cancel ${id} ${clock().toFixed(3)}`;
          const sample = await send(client, 'cancel', {
            method: 'DELETE',
            url: `/api/doctor/appointments/${id}`,
            token: me.token,
            payload: { reason },
          });
          cancels.push({ id, reason, sample });
        }
        await saveSchedule(me, client);
        const version = nextVersion(me.id);
        const saved = await send(client, 'profile save', {
          method: 'PUT',
          url: '/api/psychologist/profile',
          token: me.token,
          payload: {
            firstName: 'Psy',
            lastName: `v${version}`,
            experience: 5,
            therapyTypes: ['KPT'],
            specialties: '',
            education: '',
            certificates: '',
            description: `v${version}`,
          },
        });
        profileSaves.push({ userId: me.id, version, sample: saved });
        await pause();
      }
    };
    const load = Promise.all([
      ...patients.map((p, i) => patientLoop(p, `patient ${i + 1}`)),
      ...psychologists.map((p, i) => psychologistLoop(p, `psychologist ${i + 1}`)),
    ]);
    const probe = (url: string) => send('probe', url, { method: 'GET', url });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    await sleep(2000);
    const stopping = clock();
    await pgStop();
    const down = clock();
    await sleep(300);
    const [ready, health] = [await probe('/api/ready'), await probe('/api/health')];
    await sleep(OUTAGE_MS - 300);
    const starting = clock();
    await pgStart();
    const up = clock();
    // Until every kind of request has succeeded again (bounded), then a little more steady load.
    const kinds = ['me', 'appointment list', 'doctor search', 'booking', 'profile save', 'schedule save'];
    const succeededSince = (kind: string) =>
      samples.some((s) => s.kind === kind && s.sentAt >= up && s.status >= 200 && s.status < 300);
    while (clock() - up < RECOVERY_BOUND_MS && !kinds.every(succeededSince)) await sleep(50);
    await sleep(1500);
    loadRunning = false;
    await load;
    const readyAfter = await probe('/api/ready');

    // What the load saw, by phase (a request belongs to the phase it was sent in).
    const phases = [
      { name: 'before', from: 0, to: stopping },
      { name: 'stopping', from: stopping, to: down },
      { name: 'down', from: down, to: starting },
      { name: 'starting', from: starting, to: up },
      { name: 'after', from: up, to: Number.POSITIVE_INFINITY },
    ];
    const inPhase = (name: string) => {
      const p = phases.find((x) => x.name === name) as (typeof phases)[number];
      return samples.filter((s) => s.client !== 'probe' && s.sentAt >= p.from && s.sentAt < p.to);
    };
    const lastFailureAfterUp = Math.max(
      up,
      ...samples.filter((s) => s.sentAt >= up && (s.status === 503 || s.status === 0)).map((s) => s.answeredAt),
    );
    const recoveryMs = lastFailureAfterUp - up;
    const lines = phases.map(({ name, from, to }) => {
      const list = inPhase(name);
      const byStatus = new Map<string, number>();
      for (const s of list) {
        const key = s.status >= 400 ? `${s.status} ${s.code}` : String(s.status);
        byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
      }
      const slowest = Math.max(0, ...list.map((s) => s.answeredAt - s.sentAt));
      const span = Number.isFinite(to) ? `${((to - from) / 1000).toFixed(1)} s` : 'rest';
      const counts = [...byStatus].map(([k, n]) => `${k}: ${n}`).join(', ');
      return `  ${name.padEnd(8)} (${span}) ${list.length} requests, slowest ${slowest.toFixed(0)} ms: ${counts}`;
    });
    const committedAnyway: Booking[] = [];
    const report = () =>
      console.log(
        [
          'postgres-restart: what the load saw',
          ...lines,
          `  stop took ${(down - stopping).toFixed(0)} ms, start ${(up - starting).toFixed(0)} ms; ` +
            `last failure ${recoveryMs.toFixed(0)} ms after PostgreSQL was back`,
          `  bookings answered 201: ${bookings.filter((b) => b.sample.status === 201).length}, ` +
            `answered 503 yet committed whole: ${committedAnyway.length}`,
        ].join('\n'),
      );

    try {
      // Probes while it is away: liveness stays up, readiness says the database is not there.
      expect(health.status).toBe(200);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
      expect(readyAfter.status).toBe(200);

      // Never a 500 or a hang, anywhere; a 503 always in the error shape; nobody signed out by the outage.
      for (const s of samples) {
        expect(s.status, `${s.kind} by ${s.client}: ${JSON.stringify(s.body)}`).not.toBe(0);
        expect(s.status, `${s.kind} by ${s.client}: ${JSON.stringify(s.body)}`).not.toBe(500);
        expect(s.status, `${s.kind} by ${s.client}`).not.toBe(401);
        expect(s.answeredAt - s.sentAt, `${s.kind} by ${s.client}`).toBeLessThan(ANSWER_BOUND_MS);
        if (s.status === 503) expect(s.body).toEqual({ statusCode: 503, code: 'UNAVAILABLE', message: expect.any(String) });
      }
      expect(logLines.filter((l) => l.includes('unhandled error'))).toEqual([]);

      // While it is away, everything answers 503 but /user/me on a session the database confirmed before it went
      // (believed up to SESSION_CACHE_MS).
      const whileDown = inPhase('down');
      expect(whileDown.length).toBeGreaterThan(20);
      for (const s of whileDown) {
        const cached = s.kind === 'me' && s.status === 200 && s.sentAt < down + SESSION_CACHE_MS;
        const when = `${(s.sentAt - down).toFixed(0)} ms into the outage`;
        if (!cached) expect(s.status, `${s.kind} by ${s.client} ${when}: ${JSON.stringify(s.body)}`).toBe(503);
      }

      // Back by itself within the bound, every kind of request succeeding again.
      expect(recoveryMs).toBeLessThan(RECOVERY_BOUND_MS);
      for (const kind of kinds) expect(succeededSince(kind), `${kind} after the restart`).toBe(true);
      expect(samples.filter((s) => s.answeredAt < stopping && s.status === 503)).toEqual([]);

      // The database: every booking seen to succeed is there, whole; any other booking belongs to an attempt whose
      // answer was lost with the connection (503), and is whole too; nothing overlaps.
      const patientIds = patients.map((p) => p.id);
      const rows = await app.db.select().from(appointments).where(inArray(appointments.patientId, patientIds));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const sameSlot = (b: Booking, r: (typeof rows)[number]) =>
        b.patientId === r.patientId &&
        b.psychologistId === r.psychologistId &&
        r.startsAt.getTime() === platformInstant(b.date, hhmm(b.startMinute)).getTime() &&
        r.endsAt.getTime() === r.startsAt.getTime() + 3_600_000;
      for (const b of bookings.filter((x) => x.sample.status === 201)) {
        const row = byId.get((b.sample.body as { id: number }).id);
        expect(row && sameSlot(b, row), `booking ${JSON.stringify(b.sample.body)} is stored`).toBe(true);
      }
      const answered = new Set(bookings.filter((b) => b.sample.status === 201).map((b) => (b.sample.body as { id: number }).id));
      for (const row of rows) {
        expect(row.videoCallRoomId).toMatch(/^[0-9a-f-]{36}$/);
        if (row.status === 'CONFIRMED') expect([row.canceledAt, row.cancellationReason]).toEqual([null, null]);
        else expect(row.canceledAt && row.cancellationReason).toBeTruthy();
        if (answered.has(row.id)) continue;
        const attempt = bookings.find((b) => b.sample.status === 503 && sameSlot(b, row));
        expect(attempt, `appointment ${row.id} was never seen booked`).toBeDefined();
        committedAnyway.push(attempt as Booking);
      }
      for (const c of cancels.filter((x) => x.sample.status === 200)) {
        expect(byId.get(c.id)).toMatchObject({ status: 'CANCELED', cancellationReason: c.reason });
      }
      for (const row of rows.filter((r) => r.status === 'CANCELED')) {
        const attempt = cancels.find((c) => c.id === row.id && c.reason === row.cancellationReason);
        expect(attempt && [200, 503].includes(attempt.sample.status), `cancel of ${row.id}`).toBe(true);
      }
      const confirmed = rows.filter((r) => r.status === 'CONFIRMED');
      for (const a of confirmed) {
        for (const b of confirmed) {
          if (a.id >= b.id || a.startsAt >= b.endsAt || b.startsAt >= a.endsAt) continue;
          expect(a.psychologistId === b.psychologistId || a.patientId === b.patientId, `${a.id} overlaps ${b.id}`).toBe(false);
        }
      }

      // Versioned writes: the stored version is one whole version (names and profile from the same save, the week
      // whole), the last one seen to succeed or a later one whose answer was lost.
      const storedVersion = async (userId: number, table: 'profile' | 'schedule') => {
        if (table === 'schedule') {
          const slots = await app.db.select().from(scheduleSlots).where(eq(scheduleSlots.psychologistId, userId));
          const base = slots.filter((s) => s.startMinute >= 8 * 60);
          expect(base).toHaveLength(DAYS_OF_WEEK.length * BASE_HOURS.length);
          const markers = slots.filter((s) => s.startMinute < 8 * 60);
          expect(markers.every((s) => s.dayOfWeek === 'SUNDAY' && s.endMinute === s.startMinute + 30)).toBe(true);
          return markers.reduce((k, s) => k | (1 << (s.startMinute / 30)), 0);
        }
        const [user] = await app.db.select().from(users).where(eq(users.id, userId));
        const [patient] = await app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, userId));
        const [psychologist] = await app.db.select().from(psychologistProfiles).where(eq(psychologistProfiles.userId, userId));
        const profileVersion = versionIn(patient?.aboutMe ?? psychologist?.description ?? '');
        expect(versionIn(user.lastName), `names and profile of ${userId} from one save`).toBe(profileVersion);
        return profileVersion;
      };
      const checkVersions = async (saves: Versioned[], table: 'profile' | 'schedule') => {
        for (const userId of new Set(saves.map((s) => s.userId))) {
          const mine = saves.filter((s) => s.userId === userId);
          const lastOk = Math.max(...mine.filter((s) => s.sample.status === 200).map((s) => s.version));
          const lostLater = mine.filter((s) => s.sample.status === 503 && s.version > lastOk).map((s) => s.version);
          expect([lastOk, ...lostLater], `${table} of ${userId}`).toContain(await storedVersion(userId, table));
        }
      };
      await checkVersions(scheduleSaves, 'schedule');
      await checkVersions(profileSaves, 'profile');

      // The pool got every connection back: as many transactions as it has connections can be open at once (a
      // connection lost for good would leave the last one waiting until the pool's connect timeout).
      let begun = 0;
      let allIn = () => {};
      const together = new Promise<void>((resolve) => {
        allIn = resolve;
      });
      await Promise.all(
        Array.from({ length: POOL_SIZE }, () =>
          app.db.transaction(async () => {
            if (++begun === POOL_SIZE) allIn();
            await together;
          }),
        ),
      );
    } finally {
      report();
    }
  }, 60_000);
});
