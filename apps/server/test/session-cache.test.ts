import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../src/access/session-cache.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema/index.js';
import { createPatient } from './factories.js';
import { buildTestApp, call, RECORDS_KEY, type TestContext } from './helpers.js';
import { REDIS_URL, redisAnswers } from './redis.js';

const haveRedis = await redisAnswers();
if (!haveRedis && process.env.CI !== 'true') console.warn(`session-cache: no Redis at ${REDIS_URL}; its part skipped`);

const me = (app: FastifyInstance, token: string) => call(app, { method: 'GET', url: '/api/user/me', token });

/** A second server on the same database, as another process would be (its own session cache and event hub). */
const secondApp = (ctx: TestContext, env: Record<string, string> = {}) =>
  buildApp(
    loadConfig({
      DATA_DIR: join(tmpdir(), 'rozmova-test'),
      JWT_SECRET: 'test-jwt-secret-0123456789abcdef',
      RECORDS_KEY,
      LOG_LEVEL: 'silent',
      WEB_DIST: join(tmpdir(), 'rozmova-no-web'),
      ...env,
    }),
    { database: ctx.app.database, logger: false, now: () => ctx.app.clock.instant() },
  );

/** How long, in ms, until the token stops being admitted by `app` (fails past `limitMs`). */
async function msUntilRefused(app: FastifyInstance, token: string, limitMs: number): Promise<number> {
  const start = performance.now();
  for (;;) {
    const elapsed = performance.now() - start;
    if ((await me(app, token)).status !== 200) return elapsed;
    if (elapsed > limitMs) throw new Error(`still admitted after ${Math.round(elapsed)} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function disable(ctx: TestContext, userId: number) {
  await ctx.app.db.update(users).set({ enabled: false }).where(eq(users.id, userId));
  await ctx.app.tokens.revokeAll(userId);
}

describe('the session cache, one process beside another without Redis', () => {
  let ctx: TestContext;
  let other: FastifyInstance;
  beforeAll(async () => {
    ctx = await buildTestApp();
    other = await secondApp(ctx);
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  it('ends a logged-out session at once here and within a second on the other', async () => {
    const user = await createPatient(ctx.app);
    expect((await me(ctx.app, user.token)).status).toBe(200);
    expect((await me(other, user.token)).status).toBe(200);
    expect((await call(ctx.app, { method: 'POST', url: '/api/auth/logout', token: user.token })).status).toBe(204);
    expect((await me(ctx.app, user.token)).status).toBe(401);
    expect(await msUntilRefused(other, user.token, SESSION_CACHE_MS + 200)).toBeLessThanOrEqual(SESSION_CACHE_MS + 100);
  });

  it('refuses a disabled account at once here and within a second on the other', async () => {
    const user = await createPatient(ctx.app);
    expect((await me(ctx.app, user.token)).status).toBe(200);
    expect((await me(other, user.token)).status).toBe(200);
    await disable(ctx, user.id);
    expect((await me(ctx.app, user.token)).status).toBe(403);
    expect(await msUntilRefused(other, user.token, SESSION_CACHE_MS + 200)).toBeLessThanOrEqual(SESSION_CACHE_MS + 100);
  });

  it('shows a saved profile change on the next request', async () => {
    const user = await createPatient(ctx.app);
    expect((await me(ctx.app, user.token)).body.firstName).toBe('Test');
    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/api/patient/profile',
      token: user.token,
      payload: { firstName: 'Renamed', lastName: 'Patient', dateOfBirth: '', aboutMe: '', therapyGoals: '' },
    });
    expect(saved.status).toBe(200);
    expect((await me(ctx.app, user.token)).body.firstName).toBe('Renamed');
  });
});

describe.skipIf(!haveRedis && process.env.CI !== 'true')('the session cache across processes sharing Redis', () => {
  let ctx: TestContext;
  let other: FastifyInstance;
  beforeAll(async () => {
    expect(haveRedis, `Redis must answer at ${REDIS_URL}`).toBe(true);
    ctx = await buildTestApp({ REDIS_URL });
    other = await secondApp(ctx, { REDIS_URL });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  // The other process has just cached the session, so only the Redis notice can end it this soon.
  const soon = SESSION_CACHE_MS / 2;

  it('ends a logged-out session on the other process at once', async () => {
    const user = await createPatient(ctx.app);
    expect((await me(other, user.token)).status).toBe(200);
    expect((await call(ctx.app, { method: 'POST', url: '/api/auth/logout', token: user.token })).status).toBe(204);
    expect(await msUntilRefused(other, user.token, soon)).toBeLessThan(soon);
  });

  it('refuses a disabled account on the other process at once', async () => {
    const user = await createPatient(ctx.app);
    expect((await me(other, user.token)).status).toBe(200);
    await disable(ctx, user.id);
    expect(await msUntilRefused(other, user.token, soon)).toBeLessThan(soon);
  });

  it('shows a changed account on the other process at once', async () => {
    const user = await createPatient(ctx.app);
    expect((await me(other, user.token)).body.firstName).toBe('Test');
    await ctx.app.db.update(users).set({ firstName: 'Changed' }).where(eq(users.id, user.id));
    ctx.app.tokens.accountChanged(user.id);
    const start = performance.now();
    while ((await me(other, user.token)).body.firstName !== 'Changed') {
      expect(performance.now() - start).toBeLessThan(soon);
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('takes anything unreadable on the notice channel as a reason to forget what it cached, and keeps serving', async () => {
    const user = await createPatient(ctx.app);
    expect((await me(other, user.token)).body.firstName).toBe('Test');
    // Changed behind the processes' backs: no notice of it is sent.
    await ctx.app.db.update(users).set({ firstName: 'Unannounced' }).where(eq(users.id, user.id));
    const publisher = new Redis(REDIS_URL);
    try {
      for (const junk of ['not json', 'null', '42', '{"event":"accountChanged","userId":"x"}']) {
        await publisher.publish('rozmova:session-notices', junk);
      }
    } finally {
      publisher.disconnect();
    }
    const start = performance.now();
    while ((await me(other, user.token)).body.firstName !== 'Unannounced') {
      expect(performance.now() - start).toBeLessThan(soon);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
