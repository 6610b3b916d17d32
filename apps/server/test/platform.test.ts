import { platformInfoSchema } from '@rozmova/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../src/lib/time.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

/** GET /api/platform, with the platform's today read just before and just after (the call may straddle midnight). */
async function platformWithToday(ctx: TestContext, timeZone: string) {
  const before = todayIn(timeZone);
  const res = await call(ctx.app, { method: 'GET', url: '/api/platform' });
  const after = todayIn(timeZone);
  return { res, todays: [before, after] };
}

describe('GET /api/platform with the default zone', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it("answers the platform zone and today's date there, without signing in", async () => {
    const { res, todays } = await platformWithToday(ctx, ctx.app.config.timeZone);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['timeZone', 'today']);
    expect(platformInfoSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.timeZone).toBe('Europe/Kyiv');
    expect(todays).toContain(res.body.today);
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
    const { res, todays } = await platformWithToday(ctx, zone);
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe(zone);
    expect(todays).toContain(res.body.today);
  });
});
