import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './ports.js';
import { spawnScript } from './run-script.js';
import { ALL_EVENTS, connect, Inbox, join as joinRoom } from './signal-client.js';

const tmp = mkdtempSync(join(tmpdir(), 'rozmova-shutdown-'));
let child: ChildProcessWithoutNullStreams | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A POST whose body arrives in two halves, the second only when `rest` is called: the request is in flight meanwhile. */
function slowPost(base: string, path: string, body: string, agent: Agent) {
  const half = Math.floor(body.length / 2);
  const req = request(`${base}${path}`, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  return { answer, rest: () => req.end(body.slice(half)) };
}

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, sends signalling sockets to reconnect without ending calls, closes the database and exits 0 within 10 s', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawnScript('src/main.ts', [], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(tmp, 'data'),
      SEED_DEMO: 'false',
      JWT_SECRET: 'shutdown-test-secret-0123456789',
      PUBLIC_URL: base,
      LOG_LEVEL: 'info',
    });
    const server = child;
    let stdout = '';
    let stderr = '';
    server.stdout.on('data', (c) => {
      stdout += c;
    });
    server.stderr.on('data', (c) => {
      stderr += c;
    });
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.on('exit', (code) => resolve({ code, at: performance.now() })),
    );

    // Up: the process applies migrations to a new embedded database first, which is slow on a busy machine.
    for (const deadline = Date.now() + 90_000; ; ) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${stderr}`);
      await sleep(200);
    }

    // Two signed-in patients in one call room: without SMTP_URL the codes are written to the log.
    const signIn = async (email: string) => {
      const asked = await fetch(`${base}/api/auth/email/request-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(asked.status).toBe(200);
      let code: string | undefined;
      for (const deadline = Date.now() + 5_000; !code && Date.now() < deadline; await sleep(50)) {
        code = new RegExp(`Sign-in code for ${email}: (\\d{6})`).exec(stdout)?.[1];
      }
      const signedIn = await fetch(`${base}/api/auth/email/verify-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, code }),
      });
      expect(signedIn.status).toBe(200);
      const { token } = (await signedIn.json()) as { token: string };
      const onboarded = await fetch(`${base}/api/onboarding`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ role: 'PATIENT', firstName: 'Shut', lastName: 'Down', birthDate: '1990-01-01', language: 'en' }),
      });
      expect(onboarded.status).toBe(200);
      return token;
    };
    const email = 'shutdown@example.test';
    const token = await signIn(email);
    const room = 'shutdown-room';
    const callers = [];
    for (const t of [token, await signIn('shutdown-peer@example.test')]) {
      const socket = await connect(base, { token: t, callKey: `shutdown-key-${callers.length}-0123456789` });
      const inbox = new Inbox(socket, ALL_EVENTS);
      expect(await joinRoom(socket, { room })).toMatchObject({ ok: true });
      const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
      callers.push({ socket, inbox, closed });
    }
    await callers[0].inbox.next('peer-joined');

    // In flight: the headers and half the body are in; the database is needed once the rest arrives.
    const agent = new Agent({ keepAlive: true });
    const inFlight = slowPost(base, '/api/auth/login', JSON.stringify({ email, password: 'not-the-password-at-all' }), agent);
    await sleep(300);

    const signalled = performance.now();
    server.kill('SIGTERM');
    // Told to come back, and let go without a socket.io disconnect (after which a client would not reconnect by
    // itself); the other one in the call is not told anyone left, so its media connection is kept.
    for (const { inbox, closed } of callers) {
      expect(await inbox.next('server-going-away')).toEqual({ reason: 'SHUTDOWN' });
      expect(await closed).toBe('transport close');
      expect(inbox.of('peer-left')).toEqual([]);
    }
    await sleep(500);
    inFlight.rest();
    const answer = await inFlight.answer;
    // Answered by the route itself, from the database: no password set for this account.
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'BAD_CREDENTIALS' });

    const { code: exitCode, at } = await exited;
    agent.destroy();
    expect(exitCode).toBe(0);
    expect(at - signalled).toBeLessThan(10_000);
    expect(stdout).toContain('SIGTERM received, shutting down');
    expect(stderr).toBe('');
    // Nothing listens any more.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 150_000);
});
