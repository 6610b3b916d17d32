import parsePrometheus, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { hashPassword } from '../src/lib/password.js';
import { MAIL_QUEUE } from '../src/modules/notifications/service.js';
import { insertAppointment, liveSpan } from './booking-helpers.js';
import { createPatient, createPsychologist } from './factories.js';
import { buildTestApp, call, type TestContext, uniqueEmail } from './helpers.js';
import { connect, join, type SignalClient } from './signal-client.js';

const TOKEN = 'metrics-token-0123456789abcdef';

let ctx: TestContext;
let base: string;
const logLines: { reqId?: string; url?: string; msg?: string }[] = [];
beforeAll(async () => {
  const logStream = { write: (line: string) => void logLines.push(JSON.parse(line)) };
  ctx = await buildTestApp({ METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }, { logStream });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => ctx.close());

const scrapeRaw = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers });

/**
 * The exposition, parsed. The parser merges all the labelled series of a histogram into one (its issue #13), so once
 * the types are checked the text is parsed again with histograms untyped: then `_count`, `_sum` and `_bucket` are
 * series of their own, each with its labels.
 */
async function scrape(): Promise<MetricFamily[]> {
  const res = await scrapeRaw();
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const types = new Map(parsePrometheus(res.body).map((f) => [f.name, f.type]));
  expect(types.get('http_request_duration_seconds')).toBe('HISTOGRAM');
  expect(types.get('rozmova_sign_in_failures_total')).toBe('COUNTER');
  expect(types.get('rozmova_queue_waiting_jobs')).toBe('GAUGE');
  return parsePrometheus(res.body.replace(/^# TYPE (\S+) histogram$/gm, '# TYPE $1 untyped'));
}

/**
 * One sample's value among samples whose labels include these; absent reads undefined. A histogram read untyped
 * comes as one family per run of lines of one name, so families of one name are searched together.
 */
function figure(families: MetricFamily[], name: string, labels: Record<string, string> = {}): number | undefined {
  const samples = families.filter((f) => f.name === name).flatMap((f) => f.metrics);
  const sample = samples.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return sample?.value === undefined ? undefined : Number(sample.value);
}

/** How far a figure moved while `act` ran (absent counts as 0). */
async function change(name: string, labels: Record<string, string>, act: () => Promise<unknown>): Promise<number> {
  const before = figure(await scrape(), name, labels) ?? 0;
  await act();
  return (figure(await scrape(), name, labels) ?? 0) - before;
}

let lastOctet = 0;
const clientIp = () => `10.7.${Math.floor(++lastOctet / 250)}.${(lastOctet % 250) + 1}`;
const post = (url: string, payload: object) => call(ctx.app, { method: 'POST', url, payload, remoteAddress: clientIp() });

describe('GET /metrics', () => {
  it('times each request under its route pattern and status, never its URL', async () => {
    const patient = await createPatient(ctx.app);
    const byPattern = { method: 'GET', route: '/api/doctors/:id', status_code: '404' };
    const moved = await change('http_request_duration_seconds_count', byPattern, async () => {
      expect((await call(ctx.app, { method: 'GET', url: '/api/doctors/987654?x=1', token: patient.token })).status).toBe(404);
    });
    expect(moved).toBe(1);
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(
      await change('http_request_duration_seconds_count', health, () => call(ctx.app, { method: 'GET', url: '/api/health' })),
    ).toBe(1);
    const families = await scrape();
    const labels = families.flatMap((f) => f.metrics.flatMap((m) => Object.values(m.labels ?? {})));
    expect(labels.filter((v) => v.includes('987654'))).toEqual([]);
    const unmatched = { route: 'unmatched', status_code: '404' };
    const noRoute = () => call(ctx.app, { method: 'GET', url: '/api/no-such-thing/42' });
    expect(await change('http_request_duration_seconds_count', unmatched, noRoute)).toBe(1);
  });

  it('counts failed sign-ins by password, code and sign-in link', async () => {
    const passwordHash = await hashPassword('right-password-1');
    const patient = await createPatient(ctx.app, { passwordHash });
    const name = 'rozmova_sign_in_failures_total';
    const wrongPassword = () => post('/api/auth/login', { email: patient.email, password: 'wrong-password-1' });
    expect(await change(name, { method: 'password' }, wrongPassword)).toBe(1);
    const rightPassword = () => post('/api/auth/login', { email: patient.email, password: 'right-password-1' });
    expect(await change(name, { method: 'password' }, rightPassword)).toBe(0);
    const wrongCode = () => post('/api/auth/email/verify-code', { email: uniqueEmail(), code: '123456' });
    expect(await change(name, { method: 'code' }, wrongCode)).toBe(1);
    const deadLink = () => call(ctx.app, { method: 'GET', url: '/api/magic-login?token=not-a-real-token-at-all' });
    expect(await change(name, { method: 'magic-link' }, deadLink)).toBe(1);
  });

  it('counts 429 refusals by route, and mails sent and refused', async () => {
    const email = uniqueEmail('limited');
    const route = { route: '/api/auth/email/request-code' };
    const before = await scrape();
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/email/request-code', { email })).status).toBe(200);
    expect((await post('/api/auth/email/request-code', { email })).status).toBe(429);
    const after = await scrape();
    const moved = (name: string, labels = {}) => (figure(after, name, labels) ?? 0) - (figure(before, name, labels) ?? 0);
    expect(moved('rozmova_rate_limited_total', route)).toBe(1);
    expect(moved('rozmova_mails_sent_total')).toBe(5);
    expect(moved('rozmova_mails_failed_total')).toBe(0);

    const refused = uniqueEmail('refused');
    ctx.mail.refuse(refused, 550);
    const failed = await change('rozmova_mails_failed_total', {}, async () => {
      expect((await post('/api/auth/email/request-code', { email: refused })).status).toBe(503);
    });
    expect(failed).toBe(1);
  });

  it('shows queued jobs in the queue depth, and how long a due job has waited', async () => {
    const mails = { queue: MAIL_QUEUE };
    // A mail job due in an hour: waiting, but not yet due.
    const queued = () => ctx.app.jobs.send(MAIL_QUEUE, { notificationId: 0 }, undefined, 3600);
    expect(await change('rozmova_queue_waiting_jobs', mails, queued)).toBe(1);
    expect(figure(await scrape(), 'rozmova_queue_oldest_due_job_age_seconds', mails)).toBeLessThan(60);

    // A queue no worker takes from: its job stays due.
    const idle = 'metrics-test-idle';
    await ctx.app.jobs.queue(idle, { limit: 0, delaySeconds: 1, expireInSeconds: 60 });
    await ctx.app.jobs.send(idle, { anything: true });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const families = await scrape();
    expect(figure(families, 'rozmova_queue_waiting_jobs', { queue: idle })).toBe(1);
    expect(figure(families, 'rozmova_queue_oldest_due_job_age_seconds', { queue: idle })).toBeGreaterThanOrEqual(1);
  });

  it('counts signalling sockets and call rooms of this process', async () => {
    const doc = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    const row = await insertAppointment(ctx.app, { psychologistId: doc.id, patientId: patient.id, span: liveSpan(ctx.app) });
    const sockets: SignalClient[] = [];
    try {
      sockets.push(await connect(base, { token: doc.token }), await connect(base, { token: patient.token }));
      let families = await scrape();
      expect(figure(families, 'rozmova_signal_sockets')).toBe(2);
      expect(figure(families, 'rozmova_signal_call_rooms')).toBe(0);
      for (const socket of sockets) expect(await join(socket, { room: row.videoCallRoomId })).toMatchObject({ ok: true });
      families = await scrape();
      expect(figure(families, 'rozmova_signal_call_rooms')).toBe(1);
    } finally {
      for (const socket of sockets) socket.close();
    }
    await expect.poll(async () => figure(await scrape(), 'rozmova_signal_sockets')).toBe(0);
  });

  it('leaves the log at one line per API request, with its request id, and scrapes out of it', async () => {
    const healthLines = () => logLines.filter((l) => l.url === '/api/health');
    const before = healthLines().length;
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await scrape();
    const added = healthLines().slice(before);
    expect(added).toEqual([expect.objectContaining({ msg: 'request completed', reqId: expect.stringMatching(/^req-/) })]);
    expect(logLines.filter((l) => l.url === '/metrics')).toEqual([]);
  });

  it('reports the event-loop delay, and the pool only where there is one (PostgreSQL)', async () => {
    const families = await scrape();
    expect(figure(families, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    const pool = figure(families, 'rozmova_db_pool_connections');
    if (process.env.DATABASE_URL) {
      expect(pool).toBeGreaterThanOrEqual(1);
      expect(figure(families, 'rozmova_db_pool_waiting_requests')).toBe(0);
    } else expect(pool).toBeUndefined();
  });

  it('answers 401 to a missing or wrong token, and any Host (Prometheus scrapes by address)', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of refused) {
      const res = await scrapeRaw(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    const byAddress = await scrapeRaw({ authorization: `Bearer ${TOKEN}`, host: '10.0.0.5:3000' });
    expect(byAddress.statusCode).toBe(200);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await plain.close();
    }
  });

  it('refuses a METRICS_TOKEN that is short or has spaces at boot', () => {
    for (const METRICS_TOKEN of ['short', 'has spaces in the middle of it']) {
      expect(() => loadConfig({ JWT_SECRET: 'test-jwt-secret-0123456789abcdef', METRICS_TOKEN })).toThrow(ConfigError);
    }
  });
});
