import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertAppointment, liveSpan } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';
import { ALL_EVENTS, connect, Inbox, join, type SignalClient } from './signal-client.js';

let ctx: TestContext;
let base: string;
const open: SignalClient[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => ctx.close());

async function client(user: TestUser) {
  const socket = await connect(base, { token: user.token });
  open.push(socket);
  return { socket, inbox: new Inbox(socket, ALL_EVENTS) };
}

const settings = (user: TestUser, waitingRoom?: boolean) =>
  call(ctx.app, {
    method: waitingRoom === undefined ? 'GET' : 'PUT',
    url: '/api/psychologist/call-settings',
    token: user.token,
    ...(waitingRoom !== undefined && { payload: { waitingRoom } }),
  });

describe('a psychologist’s waiting room for one-to-one sessions', () => {
  it('is off by default: the patient joins at once', async () => {
    const doc = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    expect((await settings(doc)).body).toEqual({ waitingRoom: false });
    const row = await insertAppointment(ctx.app, { psychologistId: doc.id, patientId: patient.id, span: liveSpan(ctx.app) });
    expect(await join((await client(patient)).socket, { room: row.videoCallRoomId })).toMatchObject({
      ok: true,
      admission: 'ADMITTED',
      e2ee: false,
    });
  });

  it('once on, keeps the patient waiting until the psychologist lets them in; only theirs, and checked', async () => {
    const doc = await createPsychologist(ctx.app);
    const other = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    expect((await settings(doc, true)).body).toEqual({ waitingRoom: true });
    expect((await settings(doc)).body).toEqual({ waitingRoom: true });
    expect((await settings(other)).body).toEqual({ waitingRoom: false });
    const bad = await call(ctx.app, {
      method: 'PUT',
      url: '/api/psychologist/call-settings',
      token: doc.token,
      payload: { waitingRoom: 'yes' },
    });
    expect(bad.status).toBe(400);

    const row = await insertAppointment(ctx.app, { psychologistId: doc.id, patientId: patient.id, span: liveSpan(ctx.app) });
    const room = row.videoCallRoomId;
    const p = await client(patient);
    expect(await join(p.socket, { room })).toMatchObject({ ok: true, admission: 'WAITING' });
    const d = await client(doc);
    expect(await join(d.socket, { room })).toMatchObject({ ok: true, admission: 'ADMITTED' });
    expect(await d.inbox.next('waiting')).toMatchObject({ people: [{ userId: patient.id }] });
    d.socket.emit('admit', { userIds: [patient.id] });
    await p.inbox.next('admitted');
    expect(await join(p.socket, { room })).toMatchObject({ ok: true, admission: 'ADMITTED' });
    expect(await d.inbox.next('peer-joined')).toMatchObject({ userId: patient.id });
  });
});
