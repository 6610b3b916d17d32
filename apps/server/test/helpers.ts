import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase, pgliteExtensions } from '../src/db/client.js';
import { type MailCatcher, startMailCatcher } from './mail-catcher.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const MAGIC_SECRET = 'test-magic-link-secret-0123456789';
/** The clinical notes' key of every test app: version 1, 32 bytes in base64. */
export const RECORDS_KEY = Buffer.alloc(32, 7).toString('base64');

/** A fresh database for one test file: a copy of the migrated template, or a new database on the PostgreSQL server. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = readFileSync(inject('pgliteTemplate'));
    const client = new PGlite({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
    const database = await openDatabase({ pglite: client });
    return { database, drop: () => database.close() };
  }
  const name = `rozmova_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      // Wait for the pool's sockets to finish closing rather than killing them mid-close.
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    },
  };
}

/**
 * The moment every API test file starts at, on the platform's wall clock: a Wednesday mid-morning, so rules about
 * today, "already started" and "has ended" never depend on the day or hour the suite runs.
 */
export const TEST_NOW = '2026-03-11 10:20';

export type TestContext = {
  app: FastifyInstance;
  mail: MailCatcher;
  /** Moves the platform's wall clock to a time in its zone, e.g. setNow('2026-03-11 23:59'). */
  setNow: (wallClock: string) => void;
  /** Stops the app and starts a new one on the same database, as a server restart does. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
};

/** The real app on a real database, with a real SMTP server catching its mail; logs go to logStream when given. */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: { write: (line: string) => void } } = {},
): Promise<TestContext> {
  const mail = await startMailCatcher();
  const { database, drop } = await freshDatabase();
  const config = loadConfig({
    DATA_DIR: join(tmpdir(), 'rozmova-test'),
    JWT_SECRET: 'test-jwt-secret-0123456789abcdef',
    SMTP_URL: mail.url,
    MAGIC_LINK_SECRET: MAGIC_SECRET,
    RECORDS_KEY,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(tmpdir(), 'rozmova-no-web'),
    ...env,
  });
  let now = new Date();
  const setNow = (wallClock: string) => {
    now = dayjs.tz(wallClock, config.timeZone).toDate();
  };
  setNow(TEST_NOW);
  const { logStream } = opts;
  // A failed mail is tried again after a second rather than ten, so tests of a mail server coming back stay short.
  const start = async () => {
    const app = await buildApp(config, {
      database,
      logger: logStream !== undefined,
      logStream,
      now: () => now,
      mailRetrySeconds: 1,
    });
    await app.ready();
    return app;
  };
  const ctx: TestContext = {
    app: await start(),
    mail,
    setNow,
    restart: async () => {
      await ctx.app.close();
      ctx.app = await start();
    },
    close: async () => {
      await ctx.app.close();
      await drop();
      await mail.close();
    },
  };
  return ctx;
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

/** app.inject with an optional bearer token; returns status and parsed JSON. */
export async function call(app: FastifyInstance, opts: InjectOptions & { token?: string }) {
  const { token, ...rest } = opts;
  const headers = { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await app.inject({ ...rest, headers });
  let json: unknown;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  return { status: res.statusCode, body: json as any, headers: res.headers, raw: res };
}
