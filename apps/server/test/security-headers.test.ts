import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars } from '../src/db/schema/index.js';
import securityPlugin from '../src/plugins/security.js';
import { createPsychologist } from './factories.js';
import { buildTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'rozmova-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Rozmova</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  ctx = await buildTestApp({ WEB_DIST: dist });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

// The headers helmet set; caching, encoding and content headers belong to other tests and may change.
const SECURITY = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/** The security headers (and Cache-Control) exactly as they went over the wire: names, values, order. */
const headerBlock = (path: string, from = base, headers: Record<string, string> = {}, withCaching = false) =>
  new Promise<string>((resolve, reject) => {
    get(`${from}${path}`, { headers }, (res) => {
      res.resume();
      const lines: string[] = [`HTTP ${res.statusCode}`];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i].toLowerCase();
        if (SECURITY.has(name) || (withCaching && name === 'cache-control')) {
          lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        }
      }
      res.on('end', () => resolve(lines.join('\n')));
    }).on('error', reject);
  });

/** The same headers as light-my-request reports them: the responses it makes get theirs from the security hook. */
const injectedBlock = async (app: TestContext['app'], path: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url: path, headers });
  return Object.entries(res.headers)
    .filter(([name]) => SECURITY.has(name) || name === 'cache-control')
    .map(([name, value]) => `${name}: ${value}`)
    .sort();
};

/** Over a real socket and through inject: the same headers and values (inject's come lower-cased, unordered). */
async function bothWays(app: TestContext['app'], path: string, headers: Record<string, string> = {}) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const wire = await headerBlock(path, `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, headers, true);
  const lines = wire.split('\n').slice(1);
  const asInjected = lines.map((line) => line.replace(/^[^:]+/, (name) => name.toLowerCase())).sort();
  expect(await injectedBlock(app, path, headers)).toEqual(asInjected);
  return lines;
}

describe('security headers', () => {
  // The snapshot was first taken from the answers of @fastify/helmet; it changed on purpose once since: connect-src
  // names the app's own websocket origin instead of any ws:/wss: host, X-Frame-Options says DENY like
  // frame-ancestors 'none', and HSTS is left out over plain HTTP.
  it('sends the same header block for a page, an API answer, an API error and an asset', async () => {
    const blocks = [];
    for (const path of ['/', '/doctor/schedule', '/api/health', '/api/user/me', '/assets/index-abc123.js']) {
      blocks.push(`GET ${path}\n${await headerBlock(path)}`);
    }
    await expect(`${blocks.join('\n\n')}\n`).toMatchFileSnapshot('__snapshots__/security-headers.txt');
  });

  it('has a CSP that allows no inline or evaluated script, connects only to its own origin and forbids framing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('script-src-attr')).toEqual(["'none'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-eval|unsafe-hashes|strict-dynamic/);
    expect(directives.get('script-src')?.join(' ')).not.toMatch(/unsafe-inline|nonce-|sha\d+-/);
    // PUBLIC_URL is the default http://localhost:3000: its websocket origin, never any ws:/wss: host.
    expect(directives.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000']);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('puts the same security headers and caching on the wire as the hook gives injected requests', async () => {
    for (const path of ['/', '/api/health', '/api/user/me', '/api/no-such-thing', '/assets/index-abc123.js']) {
      const lines = await bothWays(ctx.app, path);
      // API answers, errors included, are never cached; pages and assets say their own.
      expect(lines.includes('Cache-Control: no-store')).toBe(path.startsWith('/api/'));
    }
  });

  it('sends each security header once, on a route that sets its own headers too (an avatar)', async () => {
    const psychologist = await createPsychologist(ctx.app);
    await ctx.app.db
      .insert(avatars)
      .values({ userId: psychologist.id, contentType: 'image/png', data: new Uint8Array([137, 80]) });
    const lines = (
      await headerBlock(`/api/psychologist/profile/avatar/${psychologist.id}`, base, {
        authorization: `Bearer ${psychologist.token}`,
      })
    ).split('\n');
    expect(lines[0]).toBe('HTTP 200');
    const names = lines.slice(1).map((line) => line.split(':')[0].toLowerCase());
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(names).toContain('x-content-type-options');
  });

  it('lets an API route that sets its own Cache-Control send only that one, on a raw writeHead too', async () => {
    const app = Fastify();
    app.decorate('config', { publicUrl: 'http://localhost:3000' } as TestContext['app']['config']);
    await app.register(securityPlugin);
    app.get('/api/cached', (_request, reply) => reply.header('cache-control', 'private, max-age=60').send('x'));
    app.get('/api/raw', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'Cache-Control': 'max-age=5' }).end('x');
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const from = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const cached = (await headerBlock('/api/cached', from, {}, true)).split('\n');
      expect(cached.filter((line) => /^cache-control:/i.test(line))).toEqual(['cache-control: private, max-age=60']);
      expect(cached).toContain('X-Frame-Options: DENY');
      const raw = (await headerBlock('/api/raw', from, {}, true)).split('\n');
      expect(raw.filter((line) => /^cache-control:/i.test(line))).toEqual(['Cache-Control: max-age=5']);
      expect(raw).toContain('Referrer-Policy: no-referrer');
    } finally {
      await app.close();
    }
  });

  it('sends HSTS only over HTTPS: not over plain HTTP, nor on a forwarded proto it does not trust', async () => {
    const plain = await headerBlock('/api/health');
    expect(plain).not.toMatch(/strict-transport-security/i);
    const untrusted = await headerBlock('/api/health', base, { 'x-forwarded-proto': 'https' });
    expect(untrusted).not.toMatch(/strict-transport-security/i);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS behind a trusted proxy that says the request came over HTTPS', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const https = await bothWays(proxied.app, '/api/health', { 'x-forwarded-proto': 'https' });
      expect(https).toContain('Strict-Transport-Security: max-age=31536000; includeSubDomains');
      // After the helmet headers, before the API's Cache-Control, as helmet's own hook put it.
      expect(https.slice(-2)).toEqual([
        'Strict-Transport-Security: max-age=31536000; includeSubDomains',
        'Cache-Control: no-store',
      ]);
      const http = await bothWays(proxied.app, '/api/health', { 'x-forwarded-proto': 'http' });
      expect(http.join('\n')).not.toMatch(/strict-transport-security/i);
    } finally {
      await proxied.close();
    }
  });

  it('sends HSTS on every answer and names the wss: origin when PUBLIC_URL is https', async () => {
    const secure = await buildTestApp({ PUBLIC_URL: 'https://rozmova.example:8443/' });
    try {
      for (const url of ['/api/health', '/api/user/me', '/']) {
        const lines = await bothWays(secure.app, url);
        expect(lines).toContain('Strict-Transport-Security: max-age=31536000; includeSubDomains');
        expect(lines.find((line) => line.startsWith('Content-Security-Policy'))).toContain(
          "connect-src 'self' wss://rozmova.example:8443",
        );
      }
    } finally {
      await secure.close();
    }
  });
});
