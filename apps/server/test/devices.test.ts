import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient, createPsychologist } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';
import { connect, disconnected, type SignalClient } from './signal-client.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let ctx: TestContext;
let base: string;
const sockets: SignalClient[] = [];
beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await ctx.close();
});

/** Signs in by e-mail code from a device (user agent) and address; answers the token. */
async function signIn(email: string, userAgent: string, ip: string): Promise<string> {
  const headers = { 'user-agent': userAgent };
  await call(ctx.app, { method: 'POST', url: '/api/auth/email/request-code', payload: { email }, headers, remoteAddress: ip });
  const code = await ctx.mail.codeFor(email);
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/auth/email/verify-code',
    payload: { email, code },
    headers,
    remoteAddress: ip,
  });
  expect(res.status).toBe(200);
  return res.body.token;
}

const list = (token: string) => call(ctx.app, { method: 'GET', url: '/api/user/sessions', token });
const me = (token: string) => call(ctx.app, { method: 'GET', url: '/api/user/me', token });

describe('signed-in devices', () => {
  it('lists every live session with browser, system, network and times, this one marked', async () => {
    const user = await createPatient(ctx.app);
    const laptop = await signIn(user.email, FIREFOX, '203.0.113.77');
    const phone = await signIn(user.email, SAFARI, '2001:db8:abcd:12::5');
    const res = await list(laptop);
    expect(res.status).toBe(200);
    const byNetwork = Object.fromEntries(res.body.map((s: { network: string }) => [s.network, s]));
    expect(byNetwork['203.0.113.0/24']).toMatchObject({ browser: 'Firefox 128', system: 'Linux', current: true });
    expect(byNetwork['2001:db8:abcd::/48']).toMatchObject({ browser: 'Mobile Safari 17', system: 'iOS 17', current: false });
    expect(byNetwork['203.0.113.0/24'].firstSeen).toEqual(expect.any(String));
    // The factory's session has no device: it is listed too, unnamed.
    expect(res.body).toHaveLength(3);
    expect(JSON.stringify(res.body)).not.toContain('203.0.113.77');
    expect((await list(phone)).body.find((s: { current: boolean }) => s.current).network).toBe('2001:db8:abcd::/48');
  });

  it('ends one session at once, its signalling socket too; another account cannot end it (404)', async () => {
    const user = await createPatient(ctx.app);
    const other = await createPatient(ctx.app);
    const phone = await signIn(user.email, SAFARI, '198.51.100.4');
    const socket = await connect(base, { token: phone });
    sockets.push(socket);
    const phoneId = (await list(phone)).body.find((s: { current: boolean }) => s.current).id;

    const stranger = await call(ctx.app, { method: 'DELETE', url: `/api/user/sessions/${phoneId}`, token: other.token });
    expect(stranger.status).toBe(404);
    expect((await me(phone)).status).toBe(200);

    const ended = await call(ctx.app, { method: 'DELETE', url: `/api/user/sessions/${phoneId}`, token: user.token });
    expect(ended.status).toBe(204);
    await disconnected(socket);
    expect((await me(phone)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
    const bad = await call(ctx.app, { method: 'DELETE', url: '/api/user/sessions/not-a-uuid', token: user.token });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION']);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const user = await createPatient(ctx.app);
    const a = await signIn(user.email, FIREFOX, '192.0.2.10');
    const b = await signIn(user.email, SAFARI, '192.0.2.11');
    const socket = await connect(base, { token: b });
    sockets.push(socket);
    const res = await call(ctx.app, { method: 'DELETE', url: '/api/user/sessions', token: a });
    expect(res.body).toEqual({ ended: 2 });
    await disconnected(socket);
    expect((await me(b)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(a)).status).toBe(200);
    expect((await list(a)).body).toHaveLength(1);
  });

  it('mails a staff account when a new device signs in, not on its first sign-in, a known device or a patient', async () => {
    const psy = await createPsychologist(ctx.app);
    await signIn(psy.email, FIREFOX, '203.0.113.5');
    // The same browser on the same network again (another address in it): no notice either.
    await signIn(psy.email, FIREFOX, '203.0.113.6');
    await signIn(psy.email, SAFARI, '198.51.100.9');
    const mails = await ctx.mail.waitForMails(psy.email, 4);
    expect(mails.map((m) => m.subject.startsWith('New sign-in'))).toEqual([false, false, false, true]);
    expect(mails[3].subject).toBe('New sign-in to your Rozmova account');
    expect(mails[3].text).toContain('Mobile Safari 17, iOS 17, network 198.51.100.0/24');
    expect(mails[3].text).toContain('/security');

    const patient = await createPatient(ctx.app);
    await signIn(patient.email, FIREFOX, '203.0.113.5');
    await signIn(patient.email, SAFARI, '198.51.100.9');
    expect(ctx.mail.mailsTo(patient.email).map((m) => m.subject.startsWith('New sign-in'))).toEqual([false, false]);
  });
});
