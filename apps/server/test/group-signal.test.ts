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
    expect(await join(psy.socket, { room })).toMatchObject({ ok: true });
    const annaJoined = await join(anna.socket, { room });
    expect(annaJoined.ok && annaJoined.self).toMatchObject({ userId: members[0].id, firstName: 'Anna', lastName: 'K' });
    expect(annaJoined.ok && annaJoined.peers).toEqual([
      expect.objectContaining({ userId: doc.id, firstName: 'Maria', lastName: 'Bondar', role: 'PSYCHOLOGIST' }),
    ]);
    const bohdanJoined = await join(bohdan.socket, { room });
    expect(bohdanJoined.ok && bohdanJoined.peers.map((p) => [p.firstName, p.lastName])).toEqual([
      ['Maria', 'Bondar'],
      ['Anna', 'K'],
    ]);
    expect(await psy.inbox.next('peer-joined', (p) => p.userId === members[1].id)).toMatchObject({
      firstName: 'Bohdan',
      lastName: 'L',
    });
    expect(await join(daria.socket, { room })).toMatchObject({ ok: true });
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
    const anna = await client(members[0]);
    expect(await join(anna.socket, { room })).toMatchObject({ ok: true });
    const res = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/psychologist/group-sessions/${group.sessions[0].id}`,
      token: doc.token,
    });
    expect(res.status).toBe(200);
    expect(await anna.inbox.next('room-closed')).toEqual({ room, reason: 'APPOINTMENT_CANCELED' });
    expect(await join((await client(members[1])).socket, { room })).toMatchObject({ ok: false, error: { code: 'ROOM_CLOSED' } });
  });
});
