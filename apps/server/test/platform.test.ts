import { platformInfoSchema } from '@rozmova/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

const platform = (ctx: TestContext) => call(ctx.app, { method: 'GET', url: '/api/platform' });

describe('GET /api/platform with the default zone', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it("answers the platform zone and today's date there, without signing in", async () => {
    const res = await platform(ctx);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['timeZone', 'today']);
    expect(platformInfoSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toEqual({ timeZone: 'Europe/Kyiv', today: TEST_NOW.slice(0, 10) });
  });

  it('turns the date at midnight in the platform zone, not in UTC', async () => {
    try {
      ctx.setNow('2026-07-01 23:59');
      expect((await platform(ctx)).body.today).toBe('2026-07-01');
      // 00:30 in Kyiv is still 21:30 of the day before in UTC.
      ctx.setNow('2026-07-02 00:30');
      expect((await platform(ctx)).body.today).toBe('2026-07-02');
    } finally {
      ctx.setNow(TEST_NOW);
    }
  });

  it('is listed in the OpenAPI document as public', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/openapi.json' });
    expect(res.body.paths['/api/platform'].get.security).toEqual([]);
  });
});

describe('GET /api/platform with TIME_ZONE set', () => {
  const zone = 'Pacific/Kiritimati';
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ TIME_ZONE: zone });
  });
  afterAll(() => ctx.close());

  it("answers that zone and today's date in it", async () => {
    ctx.setNow('2026-07-02 01:00');
    const res = await platform(ctx);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ timeZone: zone, today: '2026-07-02' });
  });
});
