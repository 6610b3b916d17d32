import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { MAX_ROOM_PEERS, MAX_SOCKETS_PER_ACCOUNT } from '@rozmova/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { hashPassword } from '../src/lib/password.js';
import { insertAppointment, liveSpan } from './booking-helpers.js';
import {
  createDatabase,
  dropDatabase,
  needsCluster,
  PG_URL,
  postgresAnswers,
  type ServerProcess,
  startServer,
  stopServer,
} from './cluster.js';
import { createPatient, createPsychologist, createUser } from './factories.js';
import { RECORDS_KEY, uniqueEmail } from './helpers.js';
import { REDIS_URL, redisAnswers } from './redis.js';
import { ALL_EVENTS, connect, disconnected, Inbox, join, pause, type SignalClient } from './signal-client.js';

/**
 * Two server processes sharing one Redis and one PostgreSQL database (the embedded one admits one process), as a
 * deployment of several would: sessions, rate limits, account changes and call rooms hold across them. In CI a
 * missing Redis or PostgreSQL fails this file; elsewhere it skips. Slow-ish (about 10 s): it starts two real servers.
 */
const JWT_SECRET = 'cluster-jwt-secret-0123456789abcdef';

describe.runIf(await needsCluster('cluster'))('two server processes', () => {
  let databaseUrl: string;
  let database: Database;
  let app: FastifyInstance;
  let servers: ServerProcess[] = [];
  let env: Record<string, string>;
  const sockets: SignalClient[] = [];

  beforeAll(async () => {
    expect(await postgresAnswers(), `PostgreSQL must answer at ${PG_URL}`).toBe(true);
    expect(await redisAnswers(), `Redis must answer at ${REDIS_URL}`).toBe(true);
    databaseUrl = await createDatabase();
    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      JWT_SECRET,
      RECORDS_KEY,
      DATA_DIR: joinPath(tmpdir(), 'rozmova-cluster'),
      WEB_DIST: joinPath(tmpdir(), 'rozmova-no-web'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    };
    // Both at once on the empty database, as a deployment's processes start: one applies the migrations, the other
    // waits for it.
    servers = await Promise.all([startServer(env), startServer(env)]);
    // This process makes users and appointments in the shared database; it serves nothing.
    database = await openDatabase({ databaseUrl });
    app = await buildApp(loadConfig(env), { database, logger: false });
    await app.ready();
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(servers.map(stopServer));
    servers = [];
    await app?.close();
    await database?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  async function client(server: ServerProcess, token: string, transports: ('polling' | 'websocket')[], callKey?: string) {
    const socket = await connect(server.url, { token, transports, callKey });
    sockets.push(socket);
    return { socket, inbox: new Inbox(socket, ALL_EVENTS) };
  }

  const api = (server: ServerProcess, path: string, init: { method?: string; token?: string; body?: unknown } = {}) =>
    fetch(`${server.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.token && { authorization: `Bearer ${init.token}` }),
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  it('opens one empty database from several processes at once: they take turns applying the migrations', async () => {
    const url = await createDatabase();
    try {
      // Separate pools, as separate processes have; before the turns, all but one failed on a duplicate table.
      const opened = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url })));
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await dropDatabase(url);
    }
  });

  it('takes a session opened through one process on the other, and ends it there when it signs out on the first', async () => {
    const email = uniqueEmail('across');
    await createPatient(app, { email, passwordHash: await hashPassword('across-password') });
    const login = await api(servers[0], '/auth/login', { method: 'POST', body: { email, password: 'across-password' } });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    const me = await api(servers[1], '/user/me', { token });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email });

    expect((await api(servers[0], '/auth/logout', { method: 'POST', token })).status).toBe(204);
    expect((await api(servers[1], '/user/me', { token })).status).toBe(401);
  });

  it('holds a code-request limit reached through one process on the other', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 5; i++) {
      expect((await api(servers[0], '/auth/email/request-code', { method: 'POST', body: { email } })).status).toBe(200);
    }
    const refused = await api(servers[1], '/auth/email/request-code', { method: 'POST', body: { email } });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Another address is not held back by it.
    const other = await api(servers[1], '/auth/email/request-code', { method: 'POST', body: { email: uniqueEmail() } });
    expect(other.status).toBe(200);
  });

  it('cuts a disabled account off on the other process: its socket at once, its token within a second', async () => {
    const admin = await createUser(app, { role: 'ADMIN' });
    const patient = await createPatient(app);
    const held = await client(servers[1], patient.token, ['websocket']);

    // The second process has just checked the token and believes it for a second (SessionCache) unless told.
    const checkedAt = performance.now();
    expect((await api(servers[1], '/user/me', { token: patient.token })).status).toBe(200);
    const disabled = await api(servers[0], `/admin/users/${patient.id}/enable?enable=false`, {
      method: 'PUT',
      token: admin.token,
    });
    expect(disabled.status).toBe(200);
    let status = 200;
    while (status === 200 && performance.now() - checkedAt < 1000) {
      status = (await api(servers[1], '/user/me', { token: patient.token })).status;
    }
    const refusedAfter = performance.now() - checkedAt;
    // Refused before the second process's cached copy would have run out: the notice reached it.
    expect(status).toBe(403);
    expect(refusedAfter).toBeLessThan(1000);
    console.info(`cluster: disabled account refused on the other process ${refusedAfter.toFixed(0)} ms after its check there`);
    await disconnected(held.socket, 1000);
  });

  it('relays the new name of an account renamed through the other process', async () => {
    const renamed = await createPatient(app, { firstName: 'Old', lastName: 'Name' });
    const peer = await createPatient(app);
    const room = 'ad-hoc-cluster-rename';
    const c = await client(servers[1], renamed.token, ['websocket']);
    const p = await client(servers[0], peer.token, ['websocket']);
    expect((await join(c.socket, { room })).ok).toBe(true);
    expect((await join(p.socket, { room })).ok).toBe(true);
    const body = { firstName: 'New', lastName: 'Name', dateOfBirth: '', aboutMe: '', therapyGoals: '' };
    expect((await api(servers[0], '/patient/profile', { method: 'PUT', token: renamed.token, body })).status).toBe(200);
    // The second process hears of it through the adapter and rechecks its sockets (one database read).
    await pause(200);
    c.socket.emit('chat-message', { message: 'hi' });
    expect(await p.inbox.next('chat-message')).toMatchObject({ senderFirstName: 'New', senderLastName: 'Name' });
    c.socket.close();
    p.socket.close();
  });

  it(`admits at most ${MAX_ROOM_PEERS} people to a room however they are spread over the processes`, async () => {
    const people = await Promise.all(Array.from({ length: MAX_ROOM_PEERS + 2 }, () => createPatient(app)));
    const clients = await Promise.all(people.map((p, i) => client(servers[i % 2], p.token, ['websocket'])));
    // All at once, half through each process.
    const answers = await Promise.all(clients.map((c) => join(c.socket, { room: 'ad-hoc-cluster-room' })));
    expect(answers.filter((a) => a.ok)).toHaveLength(MAX_ROOM_PEERS);
    expect(answers.filter((a) => !a.ok)).toEqual([
      { ok: false, error: expect.objectContaining({ code: 'ROOM_FULL' }) },
      { ok: false, error: expect.objectContaining({ code: 'ROOM_FULL' }) },
    ]);
    for (const c of clients) c.socket.close();
  });

  it(`holds an account to ${MAX_SOCKETS_PER_ACCOUNT} sockets however they are spread over the processes`, async () => {
    const user = await createPatient(app);
    const tries = await Promise.allSettled(
      Array.from({ length: 2 * MAX_SOCKETS_PER_ACCOUNT }, (_, i) =>
        connect(servers[i % 2].url, { token: user.token, transports: ['websocket'] }),
      ),
    );
    const admitted = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
    sockets.push(...admitted);
    expect(admitted).toHaveLength(MAX_SOCKETS_PER_ACCOUNT);
    const refusals = tries.flatMap((t) => (t.status === 'rejected' ? [(t.reason as { data?: unknown }).data] : []));
    expect(refusals).toEqual(Array(MAX_SOCKETS_PER_ACCOUNT).fill({ statusCode: 429, code: 'TOO_MANY_CONNECTIONS' }));
    for (const s of admitted) s.close();
  });

  // Slow-ish (a few seconds more): a third process of its own is started, to be stopped.
  it('a process stopping on purpose leaves its calls alone: the room is not told, the client rejoins through another as the same peer', async () => {
    const doc = await createPsychologist(app);
    const patient = await createPatient(app);
    const row = await insertAppointment(app, { psychologistId: doc.id, patientId: patient.id, span: liveSpan(app) });
    const room = row.videoCallRoomId;
    const docKey = 'cluster-doctor-key-0123456789';
    const leaving = await startServer(env);
    try {
      const a = await client(leaving, doc.token, ['websocket'], docKey);
      const b = await client(servers[1], patient.token, ['polling'], 'cluster-patient-key-0123456789');
      const first = await join(a.socket, { room });
      const docPeer = first.ok ? first.self.peerId : '';
      const second = await join(b.socket, { room });
      const patientPeer = second.ok ? second.self.peerId : '';
      await a.inbox.next('peer-joined');
      const closed = new Promise<string>((resolve) => a.socket.once('disconnect', (reason) => resolve(reason)));

      await stopServer(leaving);
      expect(await a.inbox.next('server-going-away')).toEqual({ reason: 'SHUTDOWN' });
      // Not a socket.io disconnect, after which a client would not reconnect by itself.
      expect(await closed).toBe('transport close');

      // Back through the process still up, as a balancer would send it, with the same key: the same peer, still linked.
      const again = await client(servers[0], doc.token, ['websocket'], docKey);
      expect(await join(again.socket, { room, linked: [patientPeer] })).toMatchObject({
        ok: true,
        self: { peerId: docPeer },
        peers: [{ peerId: patientPeer }],
      });
      expect(await b.inbox.next('peer-joined')).toMatchObject({ peerId: docPeer, linked: true });
      b.socket.emit('description', { to: docPeer, description: { type: 'offer', sdp: 'v=0' } });
      expect(await again.inbox.next('description')).toMatchObject({ from: patientPeer });
      expect(b.inbox.of('peer-left')).toEqual([]);
    } finally {
      await stopServer(leaving);
    }
  }, 60_000);

  it('lets two clients on different processes meet, signal and chat; canceling and logging out reach across', async () => {
    const doc = await createPsychologist(app, { firstName: 'Maria', lastName: 'Bondar' });
    const patient = await createPatient(app, { firstName: 'Oleh', lastName: 'Lysenko' });
    const row = await insertAppointment(app, {
      psychologistId: doc.id,
      patientId: patient.id,
      span: liveSpan(app),
    });
    const room = row.videoCallRoomId;
    const a = await client(servers[0], doc.token, ['websocket']);
    const b = await client(servers[1], patient.token, ['polling']);

    expect(await join(a.socket, { room })).toMatchObject({ ok: true, peers: [] });
    const joined = await join(b.socket, { room });
    expect(joined.ok && joined.peers).toEqual([
      { peerId: a.socket.id, userId: doc.id, firstName: 'Maria', lastName: 'Bondar', role: 'PSYCHOLOGIST' },
    ]);
    expect(await a.inbox.next('peer-joined')).toMatchObject({ peerId: b.socket.id, firstName: 'Oleh' });

    const offer = { type: 'offer' as const, sdp: 'v=0\r\n' };
    a.socket.emit('description', { to: b.socket.id as string, description: offer });
    expect(await b.inbox.next('description')).toEqual({ from: a.socket.id, description: offer });
    b.socket.emit('candidate', { to: a.socket.id as string, candidate: { candidate: 'candidate:1', sdpMid: '0' } });
    expect(await a.inbox.next('candidate')).toMatchObject({ from: b.socket.id, candidate: { candidate: 'candidate:1' } });
    b.socket.emit('identity', { streamId: 's', audioEnabled: true, videoEnabled: true });
    expect(await a.inbox.next('identity')).toMatchObject({ from: b.socket.id, firstName: 'Oleh', lastName: 'Lysenko' });

    b.socket.emit('chat-message', { message: 'hello across' });
    const chat = await a.inbox.next('chat-message');
    expect(chat).toMatchObject({ room, message: 'hello across', senderFirstName: 'Oleh', senderEmail: patient.email });
    expect(await b.inbox.next('chat-message')).toEqual(chat);

    // Canceled through the first process: the room closes on the second too.
    const canceled = await api(servers[0], `/doctor/appointments/${row.id}`, {
      method: 'DELETE',
      token: doc.token,
      body: { reason: 'Unwell' },
    });
    expect(canceled.status).toBe(200);
    expect(await b.inbox.next('room-closed')).toEqual({ room, reason: 'APPOINTMENT_CANCELED' });
    expect(await a.inbox.next('room-closed')).toEqual({ room, reason: 'APPOINTMENT_CANCELED' });

    // Logging out through the first process ends the socket held by the second.
    const logout = await api(servers[0], '/auth/logout', { method: 'POST', token: patient.token });
    expect(logout.status).toBeLessThan(300);
    await disconnected(b.socket);
    expect(a.socket.connected).toBe(true);
  }, 30_000);
});
