import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'rozmova-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Rozmova</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  ctx = await buildTestApp({ WEB_DIST: dist });
});
afterAll(() => ctx.close());

describe('serving the web app', () => {
  it('serves index.html for app routes (history fallback) without long caching', async () => {
    for (const url of ['/', '/doctor/schedule', '/patient/appointments?status=archived']) {
      const res = await call(ctx.app, { method: 'GET', url });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.raw.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset or API path with a JSON 404, not the page', async () => {
    for (const url of ['/assets/missing.js', '/api/missing']) {
      const res = await call(ctx.app, { method: 'GET', url });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });
});

describe('malformed requests', () => {
  it('answers broken JSON with 400', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/email/request-code',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
  });

  it('answers an unknown content type with 415', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/email/request-code',
      headers: { 'content-type': 'application/x-something' },
      payload: 'x',
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/email/request-code',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('TOO_LARGE');
  });
});
