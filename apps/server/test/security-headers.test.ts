import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The security headers exactly as they went over the wire (names, values, order). */
const headerBlock = (path: string) =>
  new Promise<string>((resolve, reject) => {
    get(`${base}${path}`, (res) => {
      res.resume();
      const lines: string[] = [`HTTP ${res.statusCode}`];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        if (SECURITY.has(res.rawHeaders[i].toLowerCase())) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
      }
      res.on('end', () => resolve(lines.join('\n')));
    }).on('error', reject);
  });

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

  it('sends HSTS only over HTTPS: not over plain HTTP, nor on a forwarded proto it does not trust', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS behind a trusted proxy that says the request came over HTTPS', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const https = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('sends HSTS on every answer and names the wss: origin when PUBLIC_URL is https', async () => {
    const secure = await buildTestApp({ PUBLIC_URL: 'https://rozmova.example:8443/' });
    try {
      for (const url of ['/api/health', '/api/user/me']) {
        const res = await secure.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(String(res.headers['content-security-policy'])).toContain("connect-src 'self' wss://rozmova.example:8443");
      }
    } finally {
      await secure.close();
    }
  });
});
