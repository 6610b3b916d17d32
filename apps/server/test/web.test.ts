import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestContext } from './helpers.js';

/** The inline script the pages carry (the web build's early-input.js). */
const EARLY_SCRIPT = "document.documentElement.dataset.early = '';";
/** The inline script of the landing page, which runs no app code (the web build's landing.js). */
const LANDING_SCRIPT = "document.documentElement.dataset.live = '';";

/** A built web app as the web build lays it out: hashed assets with their compressed copies, manifest, route table. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'rozmova-dist-'));
  for (const dir of ['assets', '.vite', 'prerender']) mkdirSync(join(dist, dir));
  const write = (path: string, text: string) => writeFileSync(join(dist, path), text);
  write(
    'index.html',
    `<!doctype html><html><head><script>${EARLY_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`,
  );
  const entry = `console.log(${JSON.stringify('entry '.repeat(200))})`;
  write('assets/index-abc123.js', entry);
  writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(entry));
  writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(entry));
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(
    '.vite/manifest.json',
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_shared.js'] },
      _shared: { file: 'assets/shared-111.js' },
      '_shared.js': { file: 'assets/shared-111.js' },
      '_button.js': { file: 'assets/button-222.js', css: ['assets/button-222.css'] },
      'src/login-page.tsx': { file: 'assets/login-page-333.js', imports: ['_button.js', '_shared.js'] },
      'src/doctor-page.tsx': { file: 'assets/doctor-page-444.js' },
      'src/not-found.tsx': { file: 'assets/not-found-555.js' },
      'src/lib/texts/en.ts': { file: 'assets/en-666.js', isDynamicEntry: true },
      'src/lib/texts/uk.ts': { file: 'assets/uk-777.js', isDynamicEntry: true },
      'src/lib/texts/en-app.ts': { file: 'assets/en-app-888.js', isDynamicEntry: true },
      'src/lib/texts/uk-app.ts': { file: 'assets/uk-app-999.js', isDynamicEntry: true },
      'src/lib/texts/en-staff.ts': { file: 'assets/en-staff-aaa.js', isDynamicEntry: true },
      'src/admin-page.tsx': { file: 'assets/admin-page-bbb.js' },
    }),
  );
  write(
    '.vite/routes.json',
    JSON.stringify([
      { path: '/' },
      { path: '/login', module: 'src/login-page.tsx' },
      { path: '/doctor/profile/:id', module: 'src/doctor-page.tsx', texts: ['app'] },
      { path: '/admin/users' },
      { path: '/admin/audit', module: 'src/admin-page.tsx', texts: ['app', 'staff'] },
      { path: '*', module: 'src/not-found.tsx', texts: ['app'] },
    ]),
  );
  write(
    'prerender/landing.en.html',
    `<html lang="en"><head><script>${LANDING_SCRIPT}</script></head><body><div id="root"><h1>Talk</h1></div></body></html>`,
  );
  write('prerender/landing.uk.html', '<html lang="uk"><head></head><body><div id="root"><h1>Поговоріть</h1></div></body></html>');
  write('prerender/pages.json', JSON.stringify({ '/': { en: 'prerender/landing.en.html', uk: 'prerender/landing.uk.html' } }));
  return dist;
}

/** The answer's body as text, decoded from the encoding it says it has. */
function text(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ WEB_DIST: fakeDist() });
});
afterAll(() => ctx.close());

describe('serving the web app', () => {
  it('serves each app route its HTML (history fallback) without long caching', async () => {
    for (const url of ['/', '/doctor/schedule', '/patient/appointments?status=archived', '/admin/users']) {
      const res = await call(ctx.app, { method: 'GET', url });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(text(res.raw)).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("admits the pages' inline scripts by their hashes, and no other inline script", async () => {
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    for (const url of ['/', '/login', '/api/health']) {
      const res = await call(ctx.app, { method: 'GET', url });
      const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(scriptSrc, url).toBe(`'self' ${hash(EARLY_SCRIPT)} ${hash(LANDING_SCRIPT)}`);
    }
  });

  it('sends hashed assets from their brotli or gzip copies, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await call(ctx.app, { method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(text(res.raw)).toContain('console.log("entry entry');
      if (encoding) expect(res.raw.rawPayload.length).toBeLessThan(text(res.raw).length / 4);
    }
  });

  it('never caches unhashed files or HTML for good, and compresses the HTML too', async () => {
    const icon = await call(ctx.app, { method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const res = await call(ctx.app, { method: 'GET', url: '/login', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(text(res.raw)).toContain('<div id="root">');
    }
  });

  it("adds preload links for the route's own chunks and styles, not the entry's", async () => {
    const login = text((await call(ctx.app, { method: 'GET', url: '/login' })).raw);
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-333.js">');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/button-222.js">');
    expect(login).toContain('<link rel="stylesheet" crossorigin href="/assets/button-222.css">');
    expect(login).not.toContain('href="/assets/shared-111.js"');
    expect(login.indexOf('login-page-333.js')).toBeLessThan(login.indexOf('</head>'));

    const doctor = text((await call(ctx.app, { method: 'GET', url: '/doctor/profile/42' })).raw);
    expect(doctor).toContain('href="/assets/doctor-page-444.js"');
    expect(doctor).not.toContain('login-page-333.js');
    const unknown = text((await call(ctx.app, { method: 'GET', url: '/no/such/page' })).raw);
    expect(unknown).toContain('href="/assets/not-found-555.js"');
    const placeholder = text((await call(ctx.app, { method: 'GET', url: '/admin/users' })).raw);
    expect(placeholder.match(/modulepreload/g)).toHaveLength(1);
    expect(placeholder).toContain('href="/assets/en-666.js"');
  });

  it("preloads the groups of texts a screen loads, in the reader's language", async () => {
    const login = text((await call(ctx.app, { method: 'GET', url: '/login' })).raw);
    expect(login).toContain('href="/assets/en-666.js"');
    expect(login).not.toContain('en-app-888.js');
    const doctor = text((await call(ctx.app, { method: 'GET', url: '/doctor/profile/42' })).raw);
    expect(doctor).toContain('href="/assets/en-666.js"');
    expect(doctor).toContain('href="/assets/en-app-888.js"');
    expect(doctor).not.toContain('en-staff-aaa.js');
    const ukDoctor = await call(ctx.app, { method: 'GET', url: '/doctor/profile/42', headers: { cookie: 'locale=uk' } });
    expect(text(ukDoctor.raw)).toContain('href="/assets/uk-app-999.js"');
    expect(text(ukDoctor.raw)).not.toContain('en-app-888.js');
    const audit = text((await call(ctx.app, { method: 'GET', url: '/admin/audit' })).raw);
    expect(audit).toContain('href="/assets/en-app-888.js"');
    expect(audit).toContain('href="/assets/en-staff-aaa.js"');
  });

  it("sends the pre-rendered page in the reader's language, English by default", async () => {
    const english = await call(ctx.app, { method: 'GET', url: '/' });
    expect(text(english.raw)).toContain('<h1>Talk</h1>');
    expect(english.headers.vary).toBe('accept-encoding, cookie, accept-language');
    // It paints without JavaScript: nothing is preloaded to compete with its style sheet.
    expect(text(english.raw)).not.toContain('modulepreload');
    const ukrainian = await call(ctx.app, { method: 'GET', url: '/', headers: { cookie: 'a=1; locale=uk' } });
    expect(text(ukrainian.raw)).toContain('<h1>Поговоріть</h1>');
    expect(text(ukrainian.raw)).not.toContain('modulepreload');
    const ukrainianShell = await call(ctx.app, { method: 'GET', url: '/admin/users', headers: { cookie: 'locale=uk' } });
    expect(text(ukrainianShell.raw)).toContain('href="/assets/uk-777.js"');
    expect(text(ukrainianShell.raw)).toContain('<div id="root"></div>');
    // Before any choice, the browser's languages decide; a choice made (the cookie) wins over them.
    const asked = await call(ctx.app, {
      method: 'GET',
      url: '/login',
      headers: { 'accept-language': 'de-DE, uk;q=0.8, en;q=0.5' },
    });
    expect(text(asked.raw)).toContain('href="/assets/uk-777.js"');
    expect(text(asked.raw)).toContain('<html lang="uk"');
    const chosen = await call(ctx.app, {
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'uk-UA', cookie: 'locale=en' },
    });
    expect(text(chosen.raw)).toContain('<h1>Talk</h1>');
    const ukLanding = await call(ctx.app, { method: 'GET', url: '/', headers: { 'accept-language': 'uk-UA,uk;q=0.9' } });
    expect(text(ukLanding.raw)).toContain('<h1>Поговоріть</h1>');
    const unknown = await call(ctx.app, { method: 'GET', url: '/', headers: { cookie: 'locale=de' } });
    expect(text(unknown.raw)).not.toContain('<h1>');
    expect(text(unknown.raw)).toContain('<div id="root"></div>');
  });

  it('answers a missing asset, API path or build file with a JSON 404, not the page', async () => {
    for (const url of ['/assets/missing.js', '/api/missing']) {
      const res = await call(ctx.app, { method: 'GET', url });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    const manifest = await call(ctx.app, { method: 'GET', url: '/.vite/manifest.json' });
    expect(text(manifest.raw)).not.toContain('login-page-333');
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
