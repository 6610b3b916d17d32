import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars } from '../src/db/schema/index.js';
import { createPatient } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('platform', () => {
  it('answers liveness without the database, and readiness only while the database answers', async () => {
    expect(await call(ctx.app, { method: 'GET', url: '/api/ready' })).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ping = ctx.app.database.ping;
    ctx.app.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      expect(await call(ctx.app, { method: 'GET', url: '/api/health' })).toMatchObject({ status: 200, body: { status: 'ok' } });
      const ready = await call(ctx.app, { method: 'GET', url: '/api/ready' });
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
    } finally {
      ctx.app.database.ping = ping;
    }
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/no-such-thing' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('sends security headers', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('keeps API answers out of every cache, except where a route sets its own', async () => {
    const user = await createPatient(ctx.app);
    const me = await call(ctx.app, { method: 'GET', url: '/api/user/me', token: user.token });
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await call(ctx.app, { method: 'GET', url: '/api/user/me' });
    expect(refused.headers['cache-control']).toBe('no-store');
    await ctx.app.db.insert(avatars).values({ userId: user.id, contentType: 'image/png', data: new Uint8Array([137, 80]) });
    const avatar = await call(ctx.app, { method: 'GET', url: '/api/images/avatar', token: user.token });
    expect(avatar.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
  });

  it('publishes an OpenAPI document', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/openapi.json' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });
});
