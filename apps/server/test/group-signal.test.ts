import { GROUP_MESH_MAX_PEOPLE } from '@rozmova/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dateFromToday } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { createGroup, join as enrol } from './group-helpers.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import { ALL_EVENTS, connect, Inbox, join, type SignalClient } from './signal-client.js';

// Groups are made and changed through the groups API.

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

async function client(user: TestUser) {
  const socket = await connect(base, { token: user.token });
  open.push(socket);
  return { socket, inbox: new Inbox(socket, ALL_EVENTS) };
}

/**
 * A group whose one 90-minute session is tomorrow at 12:00, with five members, and the clock at 11:50 that day (its
 * room open). `others` belong to another group of the same psychologist at another time.
 */
async function liveGroup() {
  const doc = await createPsychologist(ctx.app, { firstName: 'Maria', lastName: 'Bondar' });
  const names = ['Anna Kovalenko', 'Bohdan Lysenko', 'Daria Melnyk', 'Yurii Tkachenko', 'Zoia Honchar'];
  const members = await Promise.all(
    names.map((n) => createPatient(ctx.app, { firstName: n.split(' ')[0], lastName: n.split(' ')[1] })),
  );
  const day = dateFromToday(ctx.app, 1);
  const group = await createGroup(ctx.app, doc.token, day, '12:00', { sessionCount: 1 });
  for (const m of members) expect((await enrol(ctx.app, m.token, group.id)).status).toBe(201);
  const otherGroup = await createGroup(ctx.app, doc.token, day, '15:00', { sessionCount: 1 });
  const outsider = await createPatient(ctx.app);
  await enrol(ctx.app, outsider.token, otherGroup.id);
  return { doc, members, group, room: group.sessions[0].videoCallRoomId, day, outsider };
}

type Client = Awaited<ReturnType<typeof client>>;

/** A member joins, waits, is let in by the host (already in the room) and joins again: that second join's answer. */
async function enter(host: Client, member: Client, room: string, userId: number) {
  expect(await join(member.socket, { room })).toMatchObject({ ok: true, admission: 'WAITING', peers: [] });
  await host.inbox.next('waiting', (w) => w.people.some((p) => p.userId === userId));
  host.socket.emit('admit', { userIds: [userId] });
  await member.inbox.next('admitted');
  const joined = await join(member.socket, { room });
  expect(joined).toMatchObject({ ok: true, admission: 'ADMITTED', e2ee: false });
  return joined;
}

describe('a group session’s room', () => {
  it('admits its psychologist and members only inside the room’s window', async () => {
    const { doc, members, room, day } = await liveGroup();
    const a = await client(members[0]);
    expect(await join(a.socket, { room })).toMatchObject({ ok: false, error: { code: 'ROOM_CLOSED' } });
    ctx.setNow(`${day} 11:45`);
    expect(await join(a.socket, { room })).toMatchObject({ ok: true });
    expect(await join((await client(doc)).socket, { room })).toMatchObject({ ok: true });
    ctx.setNow(`${day} 14:00`);
    expect(await join((await client(members[1])).socket, { room })).toMatchObject({ ok: false, error: { code: 'ROOM_CLOSED' } });
  });

  it('refuses a stranger, a member of another group, a removed member and one who excused themselves', async () => {
    const { doc, members, group, room, day, outsider } = await liveGroup();
    const removed = members[3];
    const excused = members[4];
    const res = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/psychologist/groups/${group.id}/members/${removed.id}`,
      token: doc.token,
    });
    expect(res.status).toBe(204);
    const skipped = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/patient/group-sessions/${group.sessions[0].id}`,
      token: excused.token,
    });
    expect(skipped.status).toBe(204);
    ctx.setNow(`${day} 11:50`);
    const stranger = await createPatient(ctx.app);
    const otherPsychologist = await createPsychologist(ctx.app);
    for (const u of [stranger, outsider, removed, excused, otherPsychologist]) {
      expect(await join((await client(u)).socket, { room })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    expect(await join((await client(members[0])).socket, { room })).toMatchObject({ ok: true });
  });

  it(`holds at most ${GROUP_MESH_MAX_PEOPLE} people, and shows members to each other by first name and last initial`, async () => {
    const { doc, members, room, day } = await liveGroup();
    ctx.setNow(`${day} 11:50`);
    const psy = await client(doc);
    const anna = await client(members[0]);
    const bohdan = await client(members[1]);
    const daria = await client(members[2]);
    expect(await join(psy.socket, { room })).toMatchObject({ ok: true, admission: 'ADMITTED' });
    const annaJoined = await enter(psy, anna, room, members[0].id);
    expect(annaJoined.ok && annaJoined.self).toMatchObject({ userId: members[0].id, firstName: 'Anna', lastName: 'K' });
    expect(annaJoined.ok && annaJoined.peers).toEqual([
      expect.objectContaining({ userId: doc.id, firstName: 'Maria', lastName: 'Bondar', role: 'PSYCHOLOGIST' }),
    ]);
    const bohdanJoined = await enter(psy, bohdan, room, members[1].id);
    expect(bohdanJoined.ok && bohdanJoined.peers.map((p) => [p.firstName, p.lastName])).toEqual([
      ['Maria', 'Bondar'],
      ['Anna', 'K'],
    ]);
    expect(await psy.inbox.next('peer-joined', (p) => p.userId === members[1].id)).toMatchObject({
      firstName: 'Bohdan',
      lastName: 'L',
    });
    await enter(psy, daria, room, members[2].id);
    const full = await join((await client(members[3])).socket, { room });
    expect(full).toMatchObject({ ok: false, error: { code: 'ROOM_FULL' } });

    anna.socket.emit('identity', { streamId: 's1', audioEnabled: true, videoEnabled: true });
    expect(await bohdan.inbox.next('identity')).toMatchObject({ firstName: 'Anna', lastName: 'K' });
    anna.socket.emit('chat-message', { message: 'hello all' });
    const chat = await bohdan.inbox.next('chat-message');
    expect(chat).toMatchObject({ message: 'hello all', senderFirstName: 'Anna', senderLastName: 'K', senderEmail: '' });
    psy.socket.emit('chat-message', { message: 'welcome' });
    expect(await anna.inbox.next('chat-message', (m) => m.message === 'welcome')).toMatchObject({
      senderFirstName: 'Maria',
      senderLastName: 'Bondar',
      senderEmail: '',
    });
  });

  it('closes for everyone in it when the session is canceled', async () => {
    const { doc, members, group, room, day } = await liveGroup();
    ctx.setNow(`${day} 11:50`);
    const psy = await client(doc);
    expect(await join(psy.socket, { room })).toMatchObject({ ok: true });
    const anna = await client(members[0]);
    await enter(psy, anna, room, members[0].id);
    const bohdan = await client(members[1]);
    expect(await join(bohdan.socket, { room })).toMatchObject({ ok: true, admission: 'WAITING' });
    const res = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/psychologist/group-sessions/${group.sessions[0].id}`,
      token: doc.token,
    });
    expect(res.status).toBe(200);
    expect(await anna.inbox.next('room-closed')).toEqual({ room, reason: 'APPOINTMENT_CANCELED' });
    // Someone in the waiting room hears it too.
    expect(await bohdan.inbox.next('room-closed')).toEqual({ room, reason: 'APPOINTMENT_CANCELED' });
    expect(await join((await client(members[2])).socket, { room })).toMatchObject({ ok: false, error: { code: 'ROOM_CLOSED' } });
  });
});

describe('the waiting room and the host’s controls', () => {
  it('keeps members waiting, unseen and unheard, until the psychologist lets them in, one or all', async () => {
    const { doc, members, room, day } = await liveGroup();
    ctx.setNow(`${day} 11:50`);
    const [anna, bohdan, daria] = [await client(members[0]), await client(members[1]), await client(members[2])];
    // Before the psychologist comes, members wait.
    expect(await join(anna.socket, { room })).toMatchObject({ ok: true, admission: 'WAITING', peers: [] });
    anna.socket.emit('chat-message', { message: 'anyone?' });
    expect(await anna.inbox.next('signal-error')).toMatchObject({ event: 'chat-message', code: 'NOT_IN_ROOM' });
    // A member cannot let anyone in: the controls are the host's.
    anna.socket.emit('admit', { all: true });
    expect(await anna.inbox.next('signal-error', (e) => e.event === 'admit')).toMatchObject({ code: 'NOT_IN_ROOM' });

    const psy = await client(doc);
    expect(await join(psy.socket, { room })).toMatchObject({ ok: true, admission: 'ADMITTED', peers: [] });
    expect(await psy.inbox.next('waiting')).toEqual({
      room,
      people: [{ userId: members[0].id, firstName: 'Anna', lastName: 'K' }],
    });
    expect(await join(bohdan.socket, { room })).toMatchObject({ ok: true, admission: 'WAITING' });
    expect(await join(daria.socket, { room })).toMatchObject({ ok: true, admission: 'WAITING' });
    await psy.inbox.next('waiting', (w) => w.people.length === 3);
    // Daria closes her tab: she is no longer listed.
    daria.socket.close();
    await psy.inbox.next('waiting', (w) => w.people.length === 2 && !w.people.some((p) => p.userId === members[2].id));

    psy.socket.emit('admit', { all: true });
    await anna.inbox.next('admitted');
    await bohdan.inbox.next('admitted');
    await psy.inbox.next('waiting', (w) => w.people.length === 0);
    expect(await join(anna.socket, { room })).toMatchObject({ ok: true, admission: 'ADMITTED' });
    expect(await psy.inbox.next('peer-joined')).toMatchObject({ userId: members[0].id });
    // Let in once is let in for the session: a new tab joins at once.
    anna.socket.close();
    expect(await join((await client(members[0])).socket, { room })).toMatchObject({ ok: true, admission: 'ADMITTED' });
  });

  it('lets the psychologist mute one or everyone, remove someone for good, and end the call for all; members cannot', async () => {
    const { doc, members, room, day } = await liveGroup();
    ctx.setNow(`${day} 11:50`);
    const psy = await client(doc);
    await join(psy.socket, { room });
    const anna = await client(members[0]);
    const bohdan = await client(members[1]);
    const annaPeer = (await enter(psy, anna, room, members[0].id)) as { ok: true; self: { peerId: string } };
    await enter(psy, bohdan, room, members[1].id);

    for (const [event, body] of [
      ['host-mute', { kind: 'audio' }],
      ['remove', { userId: members[0].id }],
      ['end-call', {}],
      ['admit', { all: true }],
    ] as const) {
      bohdan.socket.emit(event as 'remove', body as { userId: number });
      expect(await bohdan.inbox.next('signal-error', (e) => e.event === event)).toMatchObject({ code: 'NOT_HOST' });
    }

    psy.socket.emit('host-mute', { peerId: annaPeer.self.peerId, kind: 'video' });
    expect(await anna.inbox.next('host-mute')).toEqual({ kind: 'video' });
    psy.socket.emit('host-mute', { kind: 'audio' });
    expect(await bohdan.inbox.next('host-mute')).toEqual({ kind: 'audio' });
    expect(await anna.inbox.next('host-mute', (m) => m.kind === 'audio')).toEqual({ kind: 'audio' });

    bohdan.socket.emit('hand', { raised: true });
    expect(await anna.inbox.next('hand')).toMatchObject({ raised: true });

    psy.socket.emit('remove', { userId: members[0].id });
    expect(await anna.inbox.next('room-closed')).toEqual({ room, reason: 'REMOVED' });
    expect(await bohdan.inbox.next('peer-left')).toEqual({ peerId: annaPeer.self.peerId });
    // Removed for good, from any device; and their media token is refused.
    const again = await client(members[0]);
    expect(await join(again.socket, { room })).toMatchObject({ ok: false, error: { code: 'REMOVED' } });

    psy.socket.emit('end-call', {});
    expect(await bohdan.inbox.next('room-closed')).toEqual({ room, reason: 'ENDED_BY_HOST' });
    expect(await psy.inbox.next('room-closed')).toEqual({ room, reason: 'ENDED_BY_HOST' });
    for (const u of [members[1], doc]) {
      expect(await join((await client(u)).socket, { room })).toMatchObject({ ok: false, error: { code: 'ENDED' } });
    }
  });
});
