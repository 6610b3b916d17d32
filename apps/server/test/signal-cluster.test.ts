import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { dateFromToday, insertAppointment } from './booking-helpers.js';
import { createPatient, createPsychologist } from './factories.js';
import { RECORDS_KEY } from './helpers.js';
import { freePort } from './ports.js';
import { REDIS_URL, redisAnswers } from './redis.js';
import { ALL_EVENTS, connect, disconnected, Inbox, join, type SignalClient } from './signal-client.js';

/**
 * Two server processes sharing one Redis and one PostgreSQL database (the embedded one admits one process):
 * peers on different processes meet in one room. In CI a missing Redis fails this file; elsewhere it skips.
 */
const PG_URL = process.env.DATABASE_URL ?? process.env.CI_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JWT_SECRET = 'cluster-jwt-secret-0123456789abcdef';
const serverDir = new URL('..', import.meta.url).pathname;

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const haveRedis = await redisAnswers();
const havePostgres = await postgresAnswers();
const inCi = process.env.CI === 'true';
if (!haveRedis && !inCi) console.warn(`signal-cluster: no Redis at ${REDIS_URL}; skipped (in CI this fails)`);
if (!havePostgres) console.warn(`signal-cluster: no PostgreSQL at ${PG_URL}; skipped`);

type ServerProcess = { url: string; child: ChildProcess; output: () => string };

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, child, output: () => output };
    if (waited > 30_000) throw new Error(`server not ready in 30 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stop = (p: ServerProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!p || p.child.exitCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });

describe.skipIf(!havePostgres || (!haveRedis && !inCi))('signalling across two server processes', () => {
  let dbName: string;
  let database: Database;
  let app: FastifyInstance;
  let servers: ServerProcess[] = [];
  const sockets: SignalClient[] = [];

  beforeAll(async () => {
    expect(haveRedis, `Redis must answer at ${REDIS_URL}`).toBe(true);
    dbName = `rozmova_cluster_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const dbUrl = new URL(PG_URL);
    dbUrl.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL,
      JWT_SECRET,
      RECORDS_KEY,
      DATA_DIR: joinPath(tmpdir(), 'rozmova-cluster'),
      WEB_DIST: joinPath(tmpdir(), 'rozmova-no-web'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    };
    // This process makes users and appointments in the shared database; it serves nothing.
    database = await openDatabase({ databaseUrl: env.DATABASE_URL });
    app = await buildApp(loadConfig(env), { database, logger: false });
    await app.ready();
    // One after the other, so only one applies migrations.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(servers.map(stop));
    servers = [];
    await app?.close();
    await database?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  async function client(server: ServerProcess, token: string, transports: ('polling' | 'websocket')[]) {
    const socket = await connect(server.url, { token, transports });
    sockets.push(socket);
    return { socket, inbox: new Inbox(socket, ALL_EVENTS) };
  }

  it('lets two clients on different processes meet, signal and chat; canceling and logging out reach across', async () => {
    const doc = await createPsychologist(app, { firstName: 'Maria', lastName: 'Bondar' });
    const patient = await createPatient(app, { firstName: 'Oleh', lastName: 'Lysenko' });
    const row = await insertAppointment(app, {
      psychologistId: doc.id,
      patientId: patient.id,
      date: dateFromToday(app, 1),
      start: '09:00',
      end: '10:00',
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
    const canceled = await fetch(`${servers[0].url}/api/doctor/appointments/${row.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${doc.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Unwell' }),
    });
    expect(canceled.status).toBe(200);
    expect(await b.inbox.next('room-closed')).toEqual({ room, reason: 'APPOINTMENT_CANCELED' });
    expect(await a.inbox.next('room-closed')).toEqual({ room, reason: 'APPOINTMENT_CANCELED' });

    // Logging out through the first process ends the socket held by the second.
    const logout = await fetch(`${servers[0].url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(logout.status).toBeLessThan(300);
    await disconnected(b.socket);
    expect(a.socket.connected).toBe(true);
  }, 30_000);
});
