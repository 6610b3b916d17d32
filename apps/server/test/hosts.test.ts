import { type IncomingHttpHeaders, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { hostMatcher } from '../src/lib/hosts.js';
import { createPatient } from './factories.js';
import { buildTestApp, call, type TestContext, uniqueEmail } from './helpers.js';
import { handshakeOutcome } from './signal-client.js';

/** A raw HTTP/1.1 request, so the test chooses every header line, Host included (twice, or not at all). */
function rawGet(port: number, path: string, headerLines: [string, string][], from = '127.0.0.1') {
  return new Promise<{ status: number; body: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path, setHost: false, headers: headerLines.flat(), localAddress: from };
    const req = request(options, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
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

/** The hosts the app below answers for (PUBLIC_URL's, ALLOWED_HOSTS' and the loopback names), and some it does not. */
const OURS = [
  'rozmova.example',
  'rozmova.example:443',
  'ROZMOVA.example',
  'internal.example:8080',
  'alias.example:1234',
  'localhost:3000',
  '127.0.0.1:9',
  '[::1]:3000',
];
const NOT_OURS = ['evil.example', 'rozmova.example:8443', 'internal.example:8081', 'rozmova.example.evil.example', 'a b'];

const PROXY = '127.0.0.2';

/** A socket.io polling handshake: the first request a socket.io client sends. */
const SIGNAL_HANDSHAKE = '/signal/socket.io/?EIO=4&transport=polling';

describe('the Host a request names', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await buildTestApp({
      PUBLIC_URL: 'https://rozmova.example',
      ALLOWED_HOSTS: 'internal.example:8080, alias.example',
      // A proxy on another loopback address: requests from 127.0.0.1 are a client's own.
      TRUST_PROXY: PROXY,
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it("answers PUBLIC_URL's host, the listed hosts and the loopback names", async () => {
    const user = await createPatient(ctx.app);
    for (const host of OURS) {
      const res = await call(ctx.app, { method: 'GET', url: '/api/user/me', token: user.token, headers: { host } });
      expect([host, res.status]).toEqual([host, 200]);
    }
  });

  it('refuses any other host with 400 UNKNOWN_HOST before anything else runs, pages and API alike', async () => {
    for (const host of NOT_OURS) {
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

  it('answers the liveness and readiness probes whatever the Host', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      expect((await call(ctx.app, { method: 'GET', url, headers: { host: '10.0.0.7:3000' } })).status).toBe(200);
    }
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

  it('holds signalling to the same rule: its requests answer only our hosts, and every answer says nosniff', async () => {
    for (const host of OURS) {
      const res = await rawGet(port, SIGNAL_HANDSHAKE, [['Host', host]]);
      expect([host, res.status, res.headers['x-content-type-options']]).toEqual([host, 200, 'nosniff']);
    }
    for (const host of NOT_OURS) {
      const res = await rawGet(port, SIGNAL_HANDSHAKE, [['Host', host]]);
      expect([host, res.status, res.headers['x-content-type-options']]).toEqual([host, 400, 'nosniff']);
      expect(JSON.parse(res.body)).toMatchObject({ statusCode: 400, code: 'UNKNOWN_HOST' });
    }
    const two = await rawGet(port, SIGNAL_HANDSHAKE, [
      ['Host', 'rozmova.example'],
      ['Host', 'evil.example'],
    ]);
    expect(two.status).toBe(400);
    // A request of a socket already open is held to it too, not only the handshake.
    const { sid } = JSON.parse((await rawGet(port, SIGNAL_HANDSHAKE, [['Host', 'rozmova.example']])).body.slice(1));
    const later = await rawGet(port, `${SIGNAL_HANDSHAKE}&sid=${sid}`, [['Host', 'evil.example']]);
    expect(later.status).toBe(400);
    // socket.io's own refusals carry it as well.
    const unknown = await rawGet(port, `${SIGNAL_HANDSHAKE}&sid=nobody`, [['Host', 'rozmova.example']]);
    expect([unknown.status, unknown.headers['x-content-type-options']]).toEqual([400, 'nosniff']);
  });

  it('refuses a signalling socket with a good token whose Host and Origin name another site, over websocket too', async () => {
    const user = await createPatient(ctx.app);
    const base = `http://127.0.0.1:${port}`;
    const evil = `evil.example:${port}`;
    for (const transports of [['websocket'], ['polling']] as const) {
      const outcome = await handshakeOutcome(base, {
        token: user.token,
        origin: `http://${evil}`,
        headers: { host: evil },
        transports: [...transports],
      });
      expect([transports[0], outcome]).not.toEqual([transports[0], 'connected']);
    }
  });

  it("takes the host a trusted proxy forwards, for signalling as for the API, and nobody else's", async () => {
    const cases: [string, [string, string][], number][] = [
      [
        PROXY,
        [
          ['Host', 'backend:3000'],
          ['X-Forwarded-Host', 'rozmova.example'],
        ],
        200,
      ],
      [
        PROXY,
        [
          ['Host', 'rozmova.example'],
          ['X-Forwarded-Host', 'evil.example'],
        ],
        400,
      ],
      [
        PROXY,
        [
          ['Host', 'rozmova.example'],
          ['X-Forwarded-Host', 'evil.example, rozmova.example'],
        ],
        200,
      ],
      [
        '127.0.0.1',
        [
          ['Host', 'backend:3000'],
          ['X-Forwarded-Host', 'rozmova.example'],
        ],
        400,
      ],
      [
        '127.0.0.1',
        [
          ['Host', 'rozmova.example'],
          ['X-Forwarded-Host', 'evil.example'],
        ],
        200,
      ],
    ];
    for (const [from, headers, status] of cases) {
      const api = await rawGet(port, '/api/platform', headers, from);
      const signal = await rawGet(port, SIGNAL_HANDSHAKE, headers, from);
      expect([from, headers, api.status, signal.status]).toEqual([from, headers, status, status]);
    }
  });

  it("judges a signalling page's Origin by PUBLIC_URL and ALLOWED_HOSTS, never by the Host it sent", async () => {
    const user = await createPatient(ctx.app);
    const base = `http://127.0.0.1:${port}`;
    const outcome = (origin: string, host = 'rozmova.example') =>
      handshakeOutcome(base, { token: user.token, origin, headers: { host } });
    const forbidden = { statusCode: 403, code: 'FORBIDDEN' };
    for (const origin of [
      'https://rozmova.example',
      'http://internal.example:8080',
      'https://alias.example:1234',
      'http://localhost:5173',
    ]) {
      expect([origin, await outcome(origin)]).toEqual([origin, 'connected']);
    }
    // The public host over plain HTTP is not the public origin, though the Host matches it.
    for (const [origin, host] of [
      ['http://rozmova.example', 'rozmova.example'],
      ['http://internal.example:8081', 'internal.example:8080'],
      ['https://evil.example', 'rozmova.example'],
      ['null', 'rozmova.example'],
    ]) {
      expect([origin, await outcome(origin, host)]).toEqual([origin, forbidden]);
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
