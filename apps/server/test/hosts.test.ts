import { request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { hostMatcher } from '../src/lib/hosts.js';
import { createPatient } from './factories.js';
import { buildTestApp, call, type TestContext, uniqueEmail } from './helpers.js';

/** A raw HTTP/1.1 request, so the test chooses every header line, Host included (twice, or not at all). */
function rawGet(port: number, path: string, headerLines: [string, string][]) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, setHost: false, headers: headerLines.flat() }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Bytes as written, over TCP, so the request line is exactly the test's; answers what came back until the close. */
function rawRequest(port: number, text: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the Host a request names', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_URL: 'https://rozmova.example', ALLOWED_HOSTS: 'internal.example:8080, alias.example' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it("answers PUBLIC_URL's host, the listed hosts and the loopback names", async () => {
    const user = await createPatient(ctx.app);
    for (const host of [
      'rozmova.example',
      'rozmova.example:443',
      'ROZMOVA.example',
      'internal.example:8080',
      'alias.example:1234',
      'localhost:3000',
      '127.0.0.1:9',
      '[::1]:3000',
    ]) {
      const res = await call(ctx.app, { method: 'GET', url: '/api/user/me', token: user.token, headers: { host } });
      expect([host, res.status]).toEqual([host, 200]);
    }
  });

  it('refuses any other host with 400 UNKNOWN_HOST before anything else runs, pages and API alike', async () => {
    for (const host of ['evil.example', 'rozmova.example:8443', 'internal.example:8081', 'rozmova.example.evil.example', 'a b']) {
      for (const url of ['/', '/login', '/api/user/me', '/api/docs']) {
        const res = await call(ctx.app, { method: 'GET', url, headers: { host } });
        expect([host, url, res.status, res.body?.code]).toEqual([host, url, 400, 'UNKNOWN_HOST']);
      }
    }
    const email = uniqueEmail('host');
    const mailed = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/email/request-code',
      payload: { email },
      headers: { host: 'evil.example' },
    });
    expect(mailed.status).toBe(400);
    expect(ctx.mail.mailsTo(email)).toHaveLength(0);
  });

  it('refuses a request with two Host headers, even when both are ours', async () => {
    const one = await rawGet(port, '/api/health', [['Host', 'rozmova.example']]);
    expect(one.status).toBe(200);
    const two = await rawGet(port, '/api/platform', [
      ['Host', 'rozmova.example'],
      ['Host', 'evil.example'],
    ]);
    expect(two.status).toBe(400);
    expect(JSON.parse(two.body)).toMatchObject({ statusCode: 400, code: 'UNKNOWN_HOST' });
  });

  it('refuses a request target in absolute form with 400 before routing, whatever host it names', async () => {
    for (const target of [
      'http://evil.example/api/health',
      'http://rozmova.example/api/platform',
      'https://x/signal/socket.io/?EIO=4&transport=polling',
      '*',
    ]) {
      const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: rozmova.example\r\nConnection: close\r\n\r\n`);
      expect([target, res.split('\r\n', 1)[0]]).toEqual([target, 'HTTP/1.1 400 Bad Request']);
      expect(JSON.parse(res.slice(res.indexOf('\r\n\r\n') + 4))).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    }
    const path = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: rozmova.example\r\nConnection: close\r\n\r\n');
    expect(path.split('\r\n', 1)[0]).toBe('HTTP/1.1 200 OK');
  });

  it('answers the liveness and readiness probes whatever the Host', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      expect((await call(ctx.app, { method: 'GET', url, headers: { host: '10.0.0.7:3000' } })).status).toBe(200);
    }
  });
});

describe('ALLOWED_HOSTS', () => {
  it('takes names with an optional port and refuses anything else at boot', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'a.example, B.example:8080,[::1]:3000' }).allowedHosts).toEqual([
      'a.example',
      'b.example:8080',
      '[::1]:3000',
    ]);
    for (const bad of ['https://a.example', 'a.example/path', 'user@a.example', 'a b']) {
      expect(() => loadConfig({ ALLOWED_HOSTS: bad })).toThrow(/ALLOWED_HOSTS/);
    }
  });

  it('matches a name alone on any port and a name with a port on that port only', () => {
    const allowed = hostMatcher('http://localhost:3000', ['a.example', 'b.example:8080']);
    expect(['a.example', 'a.example:1', 'b.example:8080', 'localhost:3000'].every(allowed)).toBe(true);
    expect(['b.example', 'b.example:8081', 'c.example', ''].some(allowed)).toBe(false);
  });
});
