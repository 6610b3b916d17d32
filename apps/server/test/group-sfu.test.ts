import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { GROUP_SFU_MAX_PEOPLE } from '@rozmova/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { groupSessions, users } from '../src/db/schema/index.js';
import { janusRoomNumber, janusRoomSecret, signToken } from '../src/lib/janus/tokens.js';
import { withVideoRoom } from '../src/lib/janus/videoroom-admin.js';
import { admit, removeFromCall } from '../src/modules/video/admissions.js';
import { listRooms } from '../src/modules/video/janus-rooms.js';
import { revokeToken, sfuInfo } from '../src/modules/video/service.js';
import { dateFromToday, insertAppointment, liveSpan } from './booking-helpers.js';
import { createPatient, createPsychologist } from './factories.js';
import { createGroup, join as enrol } from './group-helpers.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';
import { JANUS_DEV_SECRET, janusClient, startJanus, type TestJanus } from './janus.js';
import { connect, join } from './signal-client.js';

// Two Janus servers of the test's own, so rooms spread over them; the app's clock is moved, Janus's is the real one.
let janus: TestJanus[];
let ctx: TestContext;

beforeAll(async () => {
  janus = await Promise.all([startJanus(), startJanus()]);
  ctx = await buildTestApp({ JANUS_URL: janus.map((j) => j.url).join(','), JANUS_SECRET: JANUS_DEV_SECRET });
}, 60_000);
afterEach(() => ctx.setNow(TEST_NOW));
afterAll(async () => {
  await ctx?.close();
  await Promise.all((janus ?? []).map((j) => j.stop()));
});

const sfu = (token: string, room: string) =>
  call(ctx.app, { method: 'GET', url: `/api/video/group-sessions/${room}/sfu`, token });

/** The rooms of ours each Janus holds now, by video room id. */
const roomsOn = (j: TestJanus) =>
  withVideoRoom(j.url, JANUS_DEV_SECRET, (request) => listRooms(request, JANUS_DEV_SECRET)).then((rs) => rs.map((r) => r.roomId));

/**
 * A group of three members whose one session is on `day` (tomorrow) 12:00–13:30; the clock is at 11:50 (its window
 * open). Its members are let in from the waiting room, as the psychologist does in the call, unless `waiting`.
 */
async function liveGroup(day = dateFromToday(ctx.app, 1), waiting = false) {
  const doc = await createPsychologist(ctx.app, { firstName: 'Maria', lastName: 'Bondar' });
  const members = await Promise.all([0, 1, 2].map(() => createPatient(ctx.app)));
  const group = await createGroup(ctx.app, doc.token, day, '12:00', { sessionCount: 1 });
  for (const m of members) expect((await enrol(ctx.app, m.token, group.id)).status).toBe(201);
  ctx.setNow(`${day} 11:50`);
  const room = group.sessions[0].videoCallRoomId;
  if (!waiting)
    await admit(
      ctx.app.context,
      room,
      members.map((m) => m.id),
    );
  return { doc, members, day, session: group.sessions[0], room };
}

describe('a group session through Janus', () => {
  it('gives its psychologist and members a join token inside the window only, and no one else anything', async () => {
    const { doc, members, day, room } = await liveGroup(undefined, true);
    // Members in the waiting room get no media until the psychologist lets them in; one removed, none again.
    expect((await sfu(members[0].token, room)).body).toMatchObject({ code: 'WAITING' });
    expect((await sfu(members[0].token, room)).status).toBe(409);
    await admit(ctx.app.context, room, [members[0].id]);
    await removeFromCall(ctx.app.context, room, members[1].id);
    expect((await sfu(members[1].token, room)).status).toBe(403);
    expect((await sfu(members[1].token, room)).body).toMatchObject({ code: 'REMOVED' });
    const stranger = await createPatient(ctx.app);
    expect((await sfu(stranger.token, room)).status).toBe(404);
    expect((await call(ctx.app, { method: 'GET', url: `/api/video/group-sessions/${room}/sfu` })).status).toBe(401);
    ctx.setNow(`${day} 11:00`);
    expect((await sfu(members[0].token, room)).status).toBe(409);
    ctx.setNow(`${day} 11:50`);
    for (const who of [doc, members[0]]) {
      const res = await sfu(who.token, room);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ mode: 'SFU', room: janusRoomNumber(room), token: expect.any(String) });
      expect(janus.map((j) => j.url)).toContain(res.body.url);
      expect(Date.parse(res.body.expiresAt) - ctx.app.clock.instant().getTime()).toBe(60_000);
    }
    // The pages may open a WebSocket to each Janus (and to no other host).
    const csp = (await ctx.app.inject({ url: '/api/health' })).headers['content-security-policy'];
    for (const j of janus) expect(csp).toContain(j.url);
    // One-to-one sessions stay peer to peer.
    const pair = { psychologistId: (await createPsychologist(ctx.app)).id, patient: await createPatient(ctx.app) };
    const appointment = await insertAppointment(ctx.app, {
      psychologistId: pair.psychologistId,
      patientId: pair.patient.id,
      span: liveSpan(ctx.app),
    });
    expect((await sfu(pair.patient.token, appointment.videoCallRoomId)).body).toEqual({ mode: 'MESH' });
  });

  it('makes the room on one Janus, chosen once and kept with the session, spreading sessions over the servers', async () => {
    const first = await liveGroup();
    const second = await liveGroup(first.day);
    const a = await sfu(first.doc.token, first.room);
    const b = await sfu(second.doc.token, second.room);
    expect(a.body.url).not.toBe(b.body.url);
    expect((await sfu(first.members[2].token, first.room)).body.url).toBe(a.body.url);
    const [row] = await ctx.app.db.select().from(groupSessions).where(eq(groupSessions.id, first.session.id));
    expect(row.janusServer).toBe(a.body.url);
    const holder = janus.find((j) => j.url === a.body.url) as TestJanus;
    const other = janus.find((j) => j.url !== a.body.url) as TestJanus;
    expect(await roomsOn(holder)).toContain(first.room);
    expect(await roomsOn(other)).not.toContain(first.room);
  });

  it('lets a browser join only with a token of this room, in its time; the token opens nothing else', async () => {
    const { members, room, day } = await liveGroup();
    const other = await liveGroup(day);
    const { body } = await sfu(members[0].token, room);
    const otherRoom = (await sfu(other.members[0].token, other.room)).body;

    const anonymous = await janusClient(body.url);
    expect(await anonymous.attach()).toBe(403);
    anonymous.close();
    const forged = await janusClient(body.url, `${body.token.split(':')[0]}:AAAA`);
    expect(await forged.attach()).toBe(403);
    forged.close();

    const browser = await janusClient(body.url, body.token);
    expect(await browser.attach()).toBe(0);
    // Not another room, not without the token, not as the room's maker.
    const elsewhere = otherRoom.url === body.url ? otherRoom.room : janusRoomNumber(other.room);
    expect(await browser.request({ request: 'join', ptype: 'publisher', room: elsewhere, token: body.token })).toMatchObject({
      error_code: expect.any(Number),
    });
    expect(await browser.request({ request: 'join', ptype: 'publisher', room: body.room })).toMatchObject({ error_code: 433 });
    expect([429, 433]).toContain((await browser.request({ request: 'create', room: 42 })).error_code);
    expect(await browser.request({ request: 'list' })).toMatchObject({ list: [] });
    expect(await browser.request({ request: 'join', ptype: 'publisher', room: body.room, token: body.token })).toMatchObject({
      videoroom: 'joined',
      room: body.room,
    });

    // Once taken off the list (its minute over), the token joins no more; the browser already in stays.
    await revokeToken(ctx.app.context, { server: body.url, roomId: room, token: body.token, joinBy: new Date() });
    const late = await janusClient(body.url, body.token);
    await late.attach();
    expect(await late.request({ request: 'join', ptype: 'publisher', room: body.room, token: body.token })).toMatchObject({
      error_code: 433,
    });
    late.close();
    browser.close();

    // A token signed for a window that has closed opens no Janus session at all.
    const past = signToken(JANUS_DEV_SECRET, new Date(Date.now() - 1000), new Date(Date.now() - 1000));
    const expired = await janusClient(body.url, past);
    expect(await expired.attach()).toBe(403);
    expired.close();
  });

  it('binds each feed to the account it was given to: others are kicked, and only the owner is named', async () => {
    const { members, room } = await liveGroup();
    const [alice, mallory, carol] = members;
    const first = (await sfu(alice.token, room)).body;
    const publishers = async () => {
      const { participants } = await withVideoRoom(first.url, JANUS_DEV_SECRET, (request) =>
        request({ request: 'listparticipants', room: first.room, secret: janusRoomSecret(JANUS_DEV_SECRET, room) }),
      );
      return (participants as { id: number }[]).map((p) => p.id).sort();
    };
    const joinAs = async (token: string, id: number, display: string) => {
      const client = await janusClient(first.url, token);
      await client.attach();
      const joined = await client.request({ request: 'join', ptype: 'publisher', room: first.room, token, id, display });
      return { client, joined };
    };
    const aliceBrowser = await joinAs(first.token, first.feed, 'alice-peer');
    expect(aliceBrowser.joined).toMatchObject({ videoroom: 'joined', id: first.feed });

    // A modified browser joins under an id it made up, named as Alice's peer: Janus cannot tell, so the next join
    // token the API server gives (here Carol's) kicks it, and no one is told the feed is Alice's.
    const malloryJoin = (await sfu(mallory.token, room)).body;
    const forged = await joinAs(malloryJoin.token, 4242, 'alice-peer');
    expect(forged.joined).toMatchObject({ videoroom: 'joined', id: 4242 });
    expect(await publishers()).toEqual([4242, first.feed].sort());
    const carolJoin = (await sfu(carol.token, room)).body;
    expect(await publishers()).toEqual([first.feed]);
    const owners = (ids: number[]) =>
      call(ctx.app, {
        method: 'GET',
        url: `/api/video/group-sessions/${room}/sfu/feeds?ids=${ids.join(',')}`,
        token: carol.token,
      });
    expect((await owners([first.feed, 4242, malloryJoin.feed])).body.feeds).toEqual(
      expect.arrayContaining([
        { feed: first.feed, userId: alice.id },
        { feed: malloryJoin.feed, userId: mallory.id },
      ]),
    );
    expect((await owners([first.feed, 4242, malloryJoin.feed])).body.feeds).toHaveLength(2);
    expect(new Set([first.feed, malloryJoin.feed, carolJoin.feed]).size).toBe(3);
    // Carol's join already said whose the room's feeds were: each account's newest, the made-up one no one's.
    expect(carolJoin.owners).toEqual(
      expect.arrayContaining([
        { feed: first.feed, userId: alice.id },
        { feed: malloryJoin.feed, userId: mallory.id },
        { feed: carolJoin.feed, userId: carol.id },
      ]),
    );
    expect(carolJoin.owners).toHaveLength(3);

    // Alice joins again (a reload): her new id is hers and the old one no one's; the old page's feed may stay until it
    // leaves (it was given), but no browser is told whose it is.
    const again = (await sfu(alice.token, room)).body;
    expect((await owners([first.feed, again.feed])).body.feeds).toEqual([{ feed: again.feed, userId: alice.id }]);
    expect(again.owners).toContainEqual({ feed: again.feed, userId: alice.id });
    expect(again.owners).not.toContainEqual({ feed: first.feed, userId: alice.id });
    expect(await publishers()).toEqual([first.feed]);

    // Only someone in the call asks, and only with ids.
    const stranger = await createPatient(ctx.app);
    const ask = (token: string, query: string) =>
      call(ctx.app, { method: 'GET', url: `/api/video/group-sessions/${room}/sfu/feeds?${query}`, token });
    expect((await ask(stranger.token, 'ids=1')).status).toBe(404);
    expect((await ask(carol.token, 'ids=one')).body).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    expect(JSON.stringify((await ask(carol.token, 'ids=one')).body)).toContain('ids');
    await removeFromCall(ctx.app.context, room, carol.id);
    expect((await ask(carol.token, `ids=${again.feed}`)).status).toBe(403);
    aliceBrowser.client.close();
    forged.client.close();
  });

  it('destroys the room when the session is canceled, or at start once its window has closed', async () => {
    const canceled = await liveGroup();
    const url = (await sfu(canceled.members[0].token, canceled.room)).body.url;
    const holder = janus.find((j) => j.url === url) as TestJanus;
    expect(await roomsOn(holder)).toContain(canceled.room);
    const res = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/psychologist/group-sessions/${canceled.session.id}`,
      token: canceled.doc.token,
    });
    expect(res.status).toBeLessThan(300);
    await expect.poll(() => roomsOn(holder)).not.toContain(canceled.room);

    const ended = await liveGroup(canceled.day);
    const endedUrl = (await sfu(ended.members[0].token, ended.room)).body.url;
    const endedHolder = janus.find((j) => j.url === endedUrl) as TestJanus;
    ctx.setNow(`${ended.day} 14:05`);
    expect(await roomsOn(endedHolder)).toContain(ended.room);
    // A process that stopped in between leaves nothing behind: the next start sweeps.
    await ctx.restart();
    await expect.poll(() => roomsOn(endedHolder)).not.toContain(ended.room);
  });

  it('admits the whole group to the call room, past the peer-to-peer limit', async () => {
    const doc = await createPsychologist(ctx.app);
    const members = await Promise.all([0, 1, 2, 3, 4].map(() => createPatient(ctx.app)));
    const day = dateFromToday(ctx.app, 2);
    const group = await createGroup(ctx.app, doc.token, day, '12:00', { sessionCount: 1 });
    for (const m of members) await enrol(ctx.app, m.token, group.id);
    ctx.setNow(`${day} 11:50`);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address() as { port: number };
    const sockets = await Promise.all(
      [doc, ...members].map((u) => connect(`http://127.0.0.1:${address.port}`, { token: u.token })),
    );
    try {
      for (const s of sockets) expect(await join(s, { room: group.sessions[0].videoCallRoomId })).toMatchObject({ ok: true });
      expect(sockets.length).toBeLessThanOrEqual(GROUP_SFU_MAX_PEOPLE);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});

describe('without JANUS_URL', () => {
  it('keeps group sessions peer to peer', async () => {
    const { members, room } = await liveGroup();
    const [user] = await ctx.app.db.select().from(users).where(eq(users.id, members[0].id));
    const meshOnly = { ...ctx.app.context, config: { ...ctx.app.config, janus: undefined }, user };
    expect((await sfuInfo(meshOnly, room)).info).toEqual({ mode: 'MESH' });
  });
});

describe('the Janus configuration', () => {
  const base = { DATA_DIR: joinPath(tmpdir(), 'rozmova-test'), JWT_SECRET: 'a-long-enough-secret-123' };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (err) {
      return (err as Error).message;
    }
    return 'accepted';
  };

  it('reads the servers, their public addresses and the secret, and refuses what does not fit', () => {
    const config = loadConfig({
      ...base,
      JANUS_URL: 'ws://10.0.0.5:8188, ws://10.0.0.6:8188/',
      JANUS_PUBLIC_URL: 'wss://janus1.example.org/janus,wss://janus2.example.org/janus',
      JANUS_SECRET: JANUS_DEV_SECRET,
    });
    expect(config.janus).toEqual({
      servers: [
        { url: 'ws://10.0.0.5:8188', publicUrl: 'wss://janus1.example.org/janus' },
        { url: 'ws://10.0.0.6:8188', publicUrl: 'wss://janus2.example.org/janus' },
      ],
      secret: JANUS_DEV_SECRET,
    });
    expect(loadConfig(base).janus).toBeUndefined();
    expect(refusal({ JANUS_URL: 'ws://127.0.0.1:8188' })).toMatch(/JANUS_SECRET: required/);
    expect(refusal({ JANUS_URL: 'http://127.0.0.1:8188', JANUS_SECRET: JANUS_DEV_SECRET })).toMatch(/JANUS_URL/);
    expect(
      refusal({ JANUS_URL: 'ws://a:1,ws://b:1', JANUS_PUBLIC_URL: 'wss://a.example', JANUS_SECRET: JANUS_DEV_SECRET }),
    ).toMatch(/JANUS_PUBLIC_URL: must name one address for each/);
  });
});
