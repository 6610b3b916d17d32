import { CHAT_MAX_CHARS, CHAT_RATE, MAX_ROOM_PEERS, MAX_SOCKETS_PER_ACCOUNT, SIGNAL_EVENT_BUDGET } from '@rozmova/contract';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointments, callChatMessages, users } from '../src/db/schema/index.js';
import { purgeChat } from '../src/modules/video/chat.js';
import { insertAppointment, liveSpan } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import { ALL_EVENTS, connect, disconnected, handshakeOutcome, Inbox, join, pause, type SignalClient } from './signal-client.js';

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
  ctx.setNow(TEST_NOW);
});
afterAll(() => ctx.close());

async function client(
  user: TestUser | string,
  opts: { transports?: ('polling' | 'websocket')[]; callKey?: string; auth?: Record<string, unknown> } = {},
) {
  const socket = await connect(base, { token: typeof user === 'string' ? user : user.token, ...opts });
  open.push(socket);
  return { socket, inbox: new Inbox(socket, ALL_EVENTS) };
}

/** A psychologist and a patient with a confirmed appointment in progress (its room open), and its room id. */
async function appointment() {
  const doc = await createPsychologist(ctx.app, { firstName: 'Maria', lastName: 'Bondar' });
  const patient = await createPatient(ctx.app, { firstName: 'Oleh', lastName: 'Lysenko' });
  const row = await insertAppointment(ctx.app, {
    psychologistId: doc.id,
    patientId: patient.id,
    span: liveSpan(ctx.app),
  });
  return { doc, patient, row, room: row.videoCallRoomId };
}

const adHocRoom = () => `adhoc-${Math.random().toString(36).slice(2, 12)}`;

describe('signalling handshake', () => {
  it('admits a live session over websocket and over polling', async () => {
    const user = await createPatient(ctx.app);
    expect(await handshakeOutcome(base, { token: user.token })).toBe('connected');
    expect(await handshakeOutcome(base, { token: user.token, transports: ['polling'] })).toBe('connected');
  });

  it('refuses no token, a bad one, an expired one and a revoked one with 401', async () => {
    const unauthorized = { statusCode: 401, code: 'UNAUTHORIZED' };
    expect(await handshakeOutcome(base)).toEqual(unauthorized);
    expect(await handshakeOutcome(base, { token: 'not-a-token' })).toEqual(unauthorized);
    const user = await createPatient(ctx.app);
    expect(await handshakeOutcome(base, { token: `${user.token}x` })).toEqual(unauthorized);

    ctx.setNow('2026-03-18 10:21');
    expect(await handshakeOutcome(base, { token: user.token })).toEqual(unauthorized);
    ctx.setNow(TEST_NOW);
    expect(await handshakeOutcome(base, { token: user.token })).toBe('connected');

    expect((await call(ctx.app, { method: 'POST', url: '/api/auth/logout', token: user.token })).status).toBeLessThan(300);
    expect(await handshakeOutcome(base, { token: user.token })).toEqual(unauthorized);
  });

  it('refuses a disabled account with 403', async () => {
    const user = await createPatient(ctx.app, { enabled: false });
    expect(await handshakeOutcome(base, { token: user.token })).toEqual({ statusCode: 403, code: 'DISABLED' });
  });

  it('refuses a page from another origin and admits the public and the same origin', async () => {
    const user = await createPatient(ctx.app);
    expect(await handshakeOutcome(base, { token: user.token, origin: 'https://evil.example' })).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
    });
    expect(await handshakeOutcome(base, { token: user.token, origin: ctx.app.config.publicUrl })).toBe('connected');
    expect(await handshakeOutcome(base, { token: user.token, origin: base })).toBe('connected');
  });
});

describe('sockets per account', () => {
  it(`admits at most ${MAX_SOCKETS_PER_ACCOUNT} sockets of one account at once, over all its sessions`, async () => {
    const user = await createPatient(ctx.app);
    const otherSession = await ctx.app.tokens.issue(user.id);
    // All at once, over two sessions of the account: the handshakes take turns, so the count holds.
    const tries = await Promise.allSettled(
      Array.from({ length: 3 * MAX_SOCKETS_PER_ACCOUNT }, (_, i) => connect(base, { token: i % 2 ? user.token : otherSession })),
    );
    const admitted = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
    open.push(...admitted);
    expect(admitted).toHaveLength(MAX_SOCKETS_PER_ACCOUNT);
    const refusals = tries.flatMap((t) => (t.status === 'rejected' ? [(t.reason as { data?: unknown }).data] : []));
    expect(new Set(refusals.map((r) => JSON.stringify(r)))).toEqual(
      new Set([JSON.stringify({ statusCode: 429, code: 'TOO_MANY_CONNECTIONS' })]),
    );
    // Another account is not held back; one socket closed makes room for one more.
    expect(await handshakeOutcome(base, { token: (await createPatient(ctx.app)).token })).toBe('connected');
    const closed = admitted[0];
    closed.close();
    let outcome: unknown;
    for (const deadline = Date.now() + 5000; outcome !== 'connected' && Date.now() < deadline; ) {
      outcome = await handshakeOutcome(base, { token: user.token });
    }
    expect(outcome).toBe('connected');
  });
});

describe('who may join a room', () => {
  it("admits an appointment's patient and psychologist and tells each who is there", async () => {
    const { doc, patient, room } = await appointment();
    const a = await client(doc);
    const b = await client(patient);
    const first = await join(a.socket, { room });
    expect(first).toMatchObject({ ok: true, room, peers: [], iceServers: ctx.app.config.iceServers });
    const second = await join(b.socket, { room });
    expect(second.ok && second.peers).toEqual([
      { peerId: a.socket.id, userId: doc.id, firstName: 'Maria', lastName: 'Bondar', role: 'PSYCHOLOGIST' },
    ]);
    expect(second.ok && second.self).toMatchObject({ peerId: b.socket.id, userId: patient.id, role: 'PATIENT' });
    expect(await a.inbox.next('peer-joined')).toMatchObject({ peerId: b.socket.id, firstName: 'Oleh' });
  });

  it('opens the room 15 minutes before the session and closes it 30 minutes after, refusing with ROOM_CLOSED', async () => {
    const doc = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    // Tomorrow 09:00 to 10:00 on the platform's clock.
    const row = await insertAppointment(ctx.app, {
      psychologistId: doc.id,
      patientId: patient.id,
      date: '2026-03-12',
      start: '09:00',
      end: '10:00',
    });
    const room = row.videoCallRoomId;
    const a = await client(patient);
    const closed = { ok: false, error: { code: 'ROOM_CLOSED' } };
    expect(await join(a.socket, { room })).toMatchObject(closed);
    ctx.setNow('2026-03-12 08:44');
    expect(await join(a.socket, { room })).toMatchObject(closed);
    ctx.setNow('2026-03-12 08:45');
    expect(await join(a.socket, { room })).toMatchObject({ ok: true });
    ctx.setNow('2026-03-12 10:29');
    expect(await join((await client(doc)).socket, { room })).toMatchObject({ ok: true });
    ctx.setNow('2026-03-12 10:30');
    const b = await client(doc);
    expect(await join(b.socket, { room })).toMatchObject(closed);
  });

  it('names a peer by an id the server derives from the account and the call key, the same on a reconnection', async () => {
    const { doc, patient, room } = await appointment();
    const docKey = 'doctor-call-0123456789abcdef';
    const patientKey = 'patient-call-0123456789abcdef';
    const a = await client(doc, { callKey: docKey });
    const b = await client(patient, { callKey: patientKey });
    const first = await join(a.socket, { room });
    const docPeer = first.ok ? first.self.peerId : '';
    expect(docPeer).not.toBe(docKey);
    expect(docPeer).not.toBe(a.socket.id);
    const second = await join(b.socket, { room });
    const patientPeer = second.ok ? second.self.peerId : '';
    expect(second).toMatchObject({ ok: true, peers: [{ peerId: docPeer }] });
    expect(await a.inbox.next('peer-joined')).toMatchObject({ peerId: patientPeer, linked: false });
    b.socket.emit('chat-message', { message: 'hi' });
    expect(await a.inbox.next('chat-message')).toMatchObject({ from: patientPeer, message: 'hi' });

    // The patient's client comes back on a new socket before the server noticed the old one go: the same key gives
    // the same peer, the old socket is let go without telling the room, and the doctor hears the link is still held.
    const again = await client(patient, { callKey: patientKey });
    expect(await join(again.socket, { room, linked: [docPeer] })).toMatchObject({
      ok: true,
      self: { peerId: patientPeer },
      peers: [{ peerId: docPeer }],
    });
    await disconnected(b.socket);
    expect(await a.inbox.next('peer-joined', (p) => p.linked)).toMatchObject({ peerId: patientPeer });
    a.socket.emit('description', { to: patientPeer, description: { type: 'offer', sdp: 'v=0' } });
    expect(await again.inbox.next('description')).toMatchObject({ from: docPeer });
    await pause(50);
    expect(a.inbox.of('peer-left')).toEqual([]);

    // Another account with the same key is another peer; a malformed key gives the socket id.
    const other = await client(doc, { callKey: patientKey });
    const otherAnswer = await join(other.socket, { room });
    expect(otherAnswer.ok && otherAnswer.self.peerId).not.toBe(patientPeer);
    const malformed = await client(doc, { callKey: 'x' });
    expect(await join(malformed.socket, { room })).toMatchObject({ ok: true, self: { peerId: malformed.socket.id } });
  });

  it("lets no one take another account's peer id, even while its owner is away", async () => {
    const room = adHocRoom();
    const owner = await createPatient(ctx.app);
    const o = await client(owner, { callKey: 'owner-call-0123456789abcdef' });
    const ownerAnswer = await join(o.socket, { room });
    const ownerPeer = ownerAnswer.ok ? ownerAnswer.self.peerId : '';
    const witness = await client(await createPsychologist(ctx.app));
    expect((await join(witness.socket, { room })).ok).toBe(true);
    o.socket.close();
    await witness.inbox.next('peer-left', (e) => e.peerId === ownerPeer);

    // A stranger names that peer id in every handshake field it can think of, then joins while the owner is away.
    const thief = await client(await createPatient(ctx.app), {
      callKey: ownerPeer,
      auth: { peerId: ownerPeer, id: ownerPeer },
    });
    const stolen = await join(thief.socket, { room });
    expect(stolen.ok && stolen.self.peerId).not.toBe(ownerPeer);
    witness.socket.emit('description', { to: ownerPeer, description: { type: 'offer', sdp: 'v=0' } });
    witness.socket.emit('chat-message', { message: 'marker' });
    await thief.inbox.next('chat-message');
    expect(thief.inbox.of('description')).toEqual([]);
    // The owner comes back as itself.
    const back = await client(owner, { callKey: 'owner-call-0123456789abcdef' });
    expect(await join(back.socket, { room })).toMatchObject({ ok: true, self: { peerId: ownerPeer } });
  });

  it("keeps strangers out of an appointment's room, and everyone out once it is canceled", async () => {
    const { doc, patient, room, row } = await appointment();
    const strangers = [
      await createPatient(ctx.app),
      await createPsychologist(ctx.app),
      await createUser(ctx.app, { role: 'ADMIN' }),
      await createUser(ctx.app, { role: 'MANAGER' }),
    ];
    for (const stranger of strangers) {
      const s = await client(stranger);
      expect(await join(s.socket, { room })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      expect(s.socket.connected).toBe(true);
    }
    await ctx.app.db.update(appointments).set({ status: 'CANCELED' }).where(eq(appointments.id, row.id));
    for (const member of [doc, patient]) {
      const s = await client(member);
      expect(await join(s.socket, { room })).toMatchObject({ ok: false, error: { code: 'ROOM_CLOSED' } });
    }
  });

  it('opens ad-hoc rooms to psychologists and patients only', async () => {
    const room = adHocRoom();
    const doc = await client(await createPsychologist(ctx.app));
    const patient = await client(await createPatient(ctx.app));
    const manager = await client(await createUser(ctx.app, { role: 'MANAGER' }));
    const noRole = await client(await createUser(ctx.app, { role: null }));
    expect(await join(doc.socket, { room })).toMatchObject({ ok: true });
    expect(await join(patient.socket, { room })).toMatchObject({ ok: true });
    expect(await join(manager.socket, { room })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await join(noRole.socket, { room })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it(`holds at most ${MAX_ROOM_PEERS} people`, async () => {
    const room = adHocRoom();
    const people = await Promise.all(Array.from({ length: MAX_ROOM_PEERS + 1 }, () => createPatient(ctx.app)));
    const clients = await Promise.all(people.map((p) => client(p)));
    const answers = await Promise.all(clients.map((c) => join(c.socket, { room })));
    expect(answers.filter((a) => a.ok)).toHaveLength(MAX_ROOM_PEERS);
    expect(answers.filter((a) => !a.ok)).toEqual([{ ok: false, error: expect.objectContaining({ code: 'ROOM_FULL' }) }]);
  });

  it('shows a person once: their newest tab or device takes the place of the one before', async () => {
    const { doc, patient, room } = await appointment();
    const p = await client(patient);
    expect(await join(p.socket, { room })).toMatchObject({ ok: true });
    const doctorDevices = await Promise.all(Array.from({ length: MAX_ROOM_PEERS }, () => client(doc)));
    const peerIds: string[] = [];
    for (const [i, d] of doctorDevices.entries()) {
      const joined = await join(d.socket, { room });
      if (!joined.ok) throw new Error('refused');
      expect(joined.peers.map((x) => x.userId)).toEqual([patient.id]);
      peerIds.push(joined.self.peerId);
      if (i > 0) {
        expect(await doctorDevices[i - 1].inbox.next('room-closed')).toEqual({ room, reason: 'JOINED_ELSEWHERE' });
        expect(await p.inbox.next('peer-left', (x) => x.peerId === peerIds[i - 1])).toBeTruthy();
      }
      expect(await p.inbox.next('peer-joined', (x) => x.peerId === joined.self.peerId)).toMatchObject({ userId: doc.id });
    }
    // The patient's new tab sees the doctor's newest device alone.
    const again = await join((await client(patient)).socket, { room });
    expect(again.ok && again.peers.map((x) => x.peerId)).toEqual([peerIds.at(-1)]);

    // A full ad-hoc room still takes another device of someone in it, and no one new.
    const adHoc = adHocRoom();
    const people = await Promise.all(Array.from({ length: MAX_ROOM_PEERS + 1 }, () => createPatient(ctx.app)));
    for (const person of people.slice(0, MAX_ROOM_PEERS))
      expect((await join((await client(person)).socket, { room: adHoc })).ok).toBe(true);
    expect(await join((await client(people[0])).socket, { room: adHoc })).toMatchObject({ ok: true });
    expect(await join((await client(people[MAX_ROOM_PEERS])).socket, { room: adHoc })).toMatchObject({
      ok: false,
      error: { code: 'ROOM_FULL' },
    });
  });

  it('refuses malformed room ids', async () => {
    const c = await client(await createPatient(ctx.app));
    for (const bad of [{ room: '' }, { room: 'a/b' }, { room: 'x'.repeat(65) }, { room: 5 }, null, 'room', []]) {
      expect(await join(c.socket, bad)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    }
    expect(c.socket.connected).toBe(true);
  });
});

/** Two people in one room and a third in another, all joined. */
async function twoRoomsOfPeople() {
  const { doc, patient, room } = await appointment();
  const a = await client(doc);
  const b = await client(patient);
  const c = await client(await createPatient(ctx.app, { firstName: 'Ira' }));
  const d = await client(await createPatient(ctx.app, { firstName: 'Taras' }));
  await join(a.socket, { room });
  await join(b.socket, { room });
  const other = adHocRoom();
  await join(c.socket, { room: other });
  await join(d.socket, { room: other });
  await a.inbox.next('peer-joined');
  await c.inbox.next('peer-joined');
  return { doc, patient, room, a, b, c, d };
}

describe('relays', () => {
  it('passes descriptions and candidates only to the named peer in the same room', async () => {
    const { a, b, c, d } = await twoRoomsOfPeople();
    const offer = { type: 'offer' as const, sdp: 'v=0\r\n' };
    a.socket.emit('description', { to: b.socket.id as string, description: offer });
    a.socket.emit('description', { to: c.socket.id as string, description: offer });
    c.socket.emit('candidate', { to: a.socket.id as string, candidate: { candidate: 'candidate:1', sdpMid: '0' } });
    a.socket.emit('candidate', { to: b.socket.id as string, candidate: null });
    expect(await b.inbox.next('description')).toEqual({ from: a.socket.id, description: offer });
    expect(await b.inbox.next('candidate')).toEqual({ from: a.socket.id, candidate: null });
    // A marker sent after the stray relays: once it arrives, the strays would have too.
    d.socket.emit('description', { to: c.socket.id as string, description: offer });
    await c.inbox.next('description', (e) => e.from === d.socket.id);
    expect(c.inbox.of('description').filter((e) => e.from === a.socket.id)).toEqual([]);
    b.socket.emit('chat-message', { message: 'marker' });
    await a.inbox.next('chat-message');
    expect(a.inbox.of('candidate')).toEqual([]);
  });

  it('sends identity, toggles, share stops and chat to the room only, with names and e-mail from the account', async () => {
    const { doc, a, b, c, room } = await twoRoomsOfPeople();
    a.socket.emit('identity', {
      streamId: 's1',
      audioEnabled: true,
      videoEnabled: false,
      bgColor: '#112233',
      firstName: 'Mallory',
      lastName: 'Spoof',
    } as never);
    a.socket.emit('audio-toggle', { streamId: 's1', audioEnabled: false });
    a.socket.emit('video-toggle', { streamId: 's1', videoEnabled: true });
    a.socket.emit('share-stopped', { streamId: 's2' });
    a.socket.emit('chat-message', {
      message: '  hello <b>there</b>  ',
      senderFirstName: 'Mallory',
      senderEmail: 'boss@example.test',
      room: 'elsewhere',
    } as never);
    const from = a.socket.id;
    expect(await b.inbox.next('identity')).toEqual({
      from,
      streamId: 's1',
      audioEnabled: true,
      videoEnabled: false,
      bgColor: '#112233',
      firstName: 'Maria',
      lastName: 'Bondar',
    });
    expect(await b.inbox.next('audio-toggle')).toEqual({ from, streamId: 's1', audioEnabled: false });
    expect(await b.inbox.next('video-toggle')).toEqual({ from, streamId: 's1', videoEnabled: true });
    expect(await b.inbox.next('share-stopped')).toEqual({ from, streamId: 's2' });
    const chat = await b.inbox.next('chat-message');
    expect(chat).toMatchObject({
      from,
      room,
      message: 'hello <b>there</b>',
      senderFirstName: 'Maria',
      senderLastName: 'Bondar',
      senderEmail: doc.email,
    });
    expect(await a.inbox.next('chat-message')).toEqual(chat);
    expect(a.inbox.of('identity')).toEqual([]);
    c.socket.emit('chat-message', { message: 'marker' });
    await c.inbox.next('chat-message');
    expect(c.inbox.received.filter((r) => !['chat-message', 'peer-joined'].includes(r.event))).toEqual([]);
    expect(c.inbox.of('chat-message').map((m) => m.message)).toEqual(['marker']);
  });

  it('keeps a room’s chat, sealed at rest, for its window: a rejoining browser reads it again, newest first', async () => {
    const { doc, patient, row, room } = await appointment();
    const d = await client(doc);
    const p = await client(patient);
    await join(d.socket, { room });
    await join(p.socket, { room });
    for (const message of ['first words', 'second words']) {
      p.socket.emit('chat-message', { message });
      await d.inbox.next('chat-message', (m) => m.message === message);
    }
    // Kept asynchronously after the relay: wait for both rows.
    await expect
      .poll(async () => (await ctx.app.db.select().from(callChatMessages)).filter((r) => r.roomId === room).length)
      .toBe(2);
    const stored = (await ctx.app.db.select().from(callChatMessages)).filter((r) => r.roomId === room);
    expect(stored.every((r) => !Buffer.from(r.content).toString('latin1').includes('words'))).toBe(true);

    const again = await join((await client(patient)).socket, { room });
    expect(again.ok && again.chat.map((m) => [m.message, m.senderFirstName])).toEqual([
      ['second words', 'Oleh'],
      ['first words', 'Oleh'],
    ]);
    // Another room reads none of it.
    const other = await appointment();
    const elsewhere = await join((await client(other.patient)).socket, { room: other.room });
    expect(elsewhere.ok && elsewhere.chat).toEqual([]);

    // Once the room has closed, the purge deletes it.
    ctx.setNow(dayjs(row.endsAt).add(31, 'minute').tz(ctx.app.config.timeZone).format('YYYY-MM-DD HH:mm'));
    await purgeChat(ctx.app.context);
    expect((await ctx.app.db.select().from(callChatMessages)).filter((r) => r.roomId === room)).toEqual([]);
  });

  it('refuses relays and chat before joining', async () => {
    const c = await client(await createPatient(ctx.app));
    c.socket.emit('chat-message', { message: 'hi' });
    expect(await c.inbox.next('signal-error')).toMatchObject({ event: 'chat-message', code: 'NOT_IN_ROOM' });
  });

  it('tells the room when a peer leaves or disconnects', async () => {
    const { a, b } = await twoRoomsOfPeople();
    const third = await client(await createPatient(ctx.app));
    const room = adHocRoom();
    await join(third.socket, { room });
    await join(b.socket, { room });
    // b moved rooms: a hears b left, third hears b arrive.
    expect(await a.inbox.next('peer-left')).toEqual({ peerId: b.socket.id });
    expect(await third.inbox.next('peer-joined')).toMatchObject({ peerId: b.socket.id });
    expect(await b.socket.timeout(5000).emitWithAck('leave')).toEqual({ ok: true });
    expect(await third.inbox.next('peer-left')).toEqual({ peerId: b.socket.id });
    await join(b.socket, { room });
    const id = b.socket.id;
    b.socket.close();
    expect(await third.inbox.next('peer-left', (e) => e.peerId === id)).toEqual({ peerId: id });
  });
});

describe('hostile input', () => {
  it('drops oversized and malformed events and keeps the connection', async () => {
    const { a, b, c } = await twoRoomsOfPeople();
    a.socket.emit('chat-message', { message: 'x'.repeat(CHAT_MAX_CHARS + 1) });
    expect(await a.inbox.next('signal-error')).toMatchObject({ event: 'chat-message', code: 'VALIDATION' });
    const junk: unknown[] = [
      null,
      undefined,
      42,
      'text',
      [],
      { message: 7 },
      { message: '   ' },
      { message: 'nul\0' },
      { to: { $ne: 1 }, description: 'x' },
      { to: b.socket.id, description: { type: 'bogus' } },
      { streamId: 's', audioEnabled: 'yes' },
      Buffer.from('binary'),
      { deep: JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`) },
    ];
    for (const payload of junk) {
      for (const event of ['chat-message', 'description', 'candidate', 'identity', 'audio-toggle', 'video-toggle']) {
        a.socket.emit(event as 'identity', payload as never);
      }
    }
    a.socket.emit('no-such-event' as 'identity', { x: 1 } as never);
    a.socket.emit('join' as 'identity', { room: '' } as never);
    c.socket.emit('leave' as 'identity', 'not a function' as never);
    await pause(200);
    expect(a.socket.connected && c.socket.connected).toBe(true);
    expect(b.inbox.of('chat-message')).toEqual([]);
    a.socket.emit('chat-message', { message: 'still here' });
    expect((await b.inbox.next('chat-message')).message).toBe('still here');
  });

  it('reports events over the budget: once per event name and window, and a join through its answer', async () => {
    const { a, b, room } = await twoRoomsOfPeople();
    // The join already counted; this fills the budget exactly.
    for (let i = 1; i < SIGNAL_EVENT_BUDGET.events; i++)
      a.socket.emit('identity', { streamId: `s${i}`, audioEnabled: true, videoEnabled: false });
    for (let i = 0; i < 5; i++) a.socket.emit('identity', { streamId: 'over', audioEnabled: true, videoEnabled: false });
    a.socket.emit('audio-toggle', { streamId: 'over', audioEnabled: false });
    a.socket.emit('chat-message', { message: 'over' });
    // Events are handled in order, so once this answer is in, the reports of the ones before it are too.
    expect(await join(a.socket, { room })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    expect(a.inbox.of('signal-error').map(({ event, code }) => ({ event, code }))).toEqual([
      { event: 'identity', code: 'RATE_LIMITED' },
      { event: 'audio-toggle', code: 'RATE_LIMITED' },
      { event: 'chat-message', code: 'RATE_LIMITED' },
    ]);
    await b.inbox.next('identity', (e) => e.streamId === `s${SIGNAL_EVENT_BUDGET.events - 1}`);
    // Leaving is never refused.
    expect(await a.socket.timeout(5000).emitWithAck('leave')).toEqual({ ok: true });
    expect(b.inbox.of('identity').filter((e) => e.streamId === 'over')).toEqual([]);
  });

  it('limits the chat rate', async () => {
    const { a, b } = await twoRoomsOfPeople();
    for (let i = 0; i <= CHAT_RATE.messages; i++) a.socket.emit('chat-message', { message: `m${i}` });
    expect(await a.inbox.next('signal-error')).toMatchObject({ code: 'RATE_LIMITED' });
    await b.inbox.next('chat-message', (m) => m.message === `m${CHAT_RATE.messages - 1}`);
    await pause(100);
    expect(b.inbox.of('chat-message')).toHaveLength(CHAT_RATE.messages);
  });

  it('survives a message over the size limit: that connection ends, the server goes on', async () => {
    const { a, b } = await twoRoomsOfPeople();
    a.socket.emit('chat-message', { message: 'y'.repeat(2 * 1024 * 1024) });
    await disconnected(a.socket);
    b.socket.emit('chat-message', { message: 'after' });
    expect((await b.inbox.next('chat-message')).message).toBe('after');
    expect((await call(ctx.app, { method: 'GET', url: '/api/health' })).status).toBe(200);
  });
});

describe('rooms and sessions ending', () => {
  it('canceling the appointment closes its room for everyone in it', async () => {
    const { doc, a, b, room } = await twoRoomsOfPeople();
    const [row] = await ctx.app.db.select().from(appointments).where(eq(appointments.videoCallRoomId, room));
    const res = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/doctor/appointments/${row.id}`,
      token: doc.token,
      payload: { reason: 'Unwell' },
    });
    expect(res.status).toBe(200);
    const closed = { room, reason: 'APPOINTMENT_CANCELED' };
    expect(await a.inbox.next('room-closed')).toEqual(closed);
    expect(await b.inbox.next('room-closed')).toEqual(closed);
    await pause(50);
    a.socket.emit('chat-message', { message: 'anyone?' });
    expect(await a.inbox.next('signal-error')).toMatchObject({ code: 'NOT_IN_ROOM' });
    expect(b.inbox.of('chat-message')).toEqual([]);
    expect(await join(a.socket, { room })).toMatchObject({ ok: false, error: { code: 'ROOM_CLOSED' } });
  });

  it("disconnects a disabled account's sockets and tells the room", async () => {
    const { patient, a, b } = await twoRoomsOfPeople();
    const peerId = b.socket.id;
    const admin = await createUser(ctx.app, { role: 'ADMIN' });
    const res = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/users/${patient.id}/enable?enable=false`,
      token: admin.token,
    });
    expect(res.status).toBe(200);
    await disconnected(b.socket);
    expect(await a.inbox.next('peer-left')).toEqual({ peerId });
    expect(await handshakeOutcome(base, { token: patient.token })).toMatchObject({ statusCode: 403, code: 'DISABLED' });
  });

  it('lets an account go when it changes to disabled, even before its sessions are revoked', async () => {
    const user = await createPatient(ctx.app);
    const c = await client(user);
    await ctx.app.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    ctx.app.tokens.accountChanged(user.id);
    await disconnected(c.socket);
  });

  it('logging out ends that session’s sockets only', async () => {
    const user = await createPatient(ctx.app);
    const other = await ctx.app.tokens.issue(user.id);
    const first = await client(user);
    const second = await client(other);
    await call(ctx.app, { method: 'POST', url: '/api/auth/logout', token: user.token });
    await disconnected(first.socket);
    await pause(100);
    expect(second.socket.connected).toBe(true);
  });

  it('uses fresh names after the account changes', async () => {
    const user = await createPatient(ctx.app, { firstName: 'Old' });
    const peer = await createPatient(ctx.app);
    const room = adHocRoom();
    const c = await client(user);
    const p = await client(peer);
    await join(c.socket, { room });
    await join(p.socket, { room });
    await ctx.app.db.update(users).set({ firstName: 'New' }).where(eq(users.id, user.id));
    ctx.app.tokens.accountChanged(user.id);
    await pause(100);
    c.socket.emit('chat-message', { message: 'hi' });
    expect((await p.inbox.next('chat-message')).senderFirstName).toBe('New');
    const late = await client(await createPatient(ctx.app));
    const answer = await join(late.socket, { room });
    expect(answer.ok && answer.peers.find((x) => x.userId === user.id)?.firstName).toBe('New');
  });
});
