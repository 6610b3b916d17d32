// The signalling server holding 1,000 sockets in 500 rooms, each sending its identity every second (spec §9), as
// the browsers in a call do. The server runs in its own process (as `npm start` runs it), so its CPU time and memory
// are its own; the clients run here.

import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { IDENTITY_INTERVAL_MS, SIGNAL_PATH, type SignalClientEvents, type SignalServerEvents } from '@rozmova/contract';
import { io, type Socket } from 'socket.io-client';
import { Tokens } from '../apps/server/src/access/tokens.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { AppEvents } from '../apps/server/src/lib/app-events.js';
import { freshEmbedded } from './lib/bench-db.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const PER_ROOM = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const JWT_SECRET = 'bench-secret-0123456789abcdef';
const serverEntry = new URL('../apps/server/src/main.ts', import.meta.url).pathname;
const TICK_MS = 10; // Linux clock ticks of /proc/<pid>/stat

type Client = Socket<SignalServerEvents, SignalClientEvents>;
const progress = (message: string) => process.stderr.write(`  ${new Date().toISOString().slice(11, 19)} ${message}\n`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (ms) and resident memory (MB) of a process, from /proc. */
function usage(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuMs = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpuMs, rssMb: rssKb / 1024 };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

const target = await freshEmbedded();
progress(`${SOCKETS} patients and their sessions`);
const rows = await target.database.db
  .insert(users)
  .values(
    Array.from({ length: SOCKETS }, (_, i) => ({
      email: `bench-${i}@example.test`,
      role: 'PATIENT' as const,
      firstName: `Bench${i}`,
      lastName: 'Patient',
      profileCompleted: true,
      birthDate: '1990-01-01',
    })),
  )
  .returning({ id: users.id });
const tokens = new Tokens(target.database.db, JWT_SECRET, () => new Date(), new AppEvents());
const userTokens: string[] = [];
for (const row of rows) userTokens.push(await tokens.issue(row.id));
await target.database.close();

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    JWT_SECRET,
    SEED_DEMO: 'false',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST: join(target.dataDir, 'no-web'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const clients: Client[] = [];
try {
  for (
    let waited = 0;
    !(await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 100
  ) {
    if (server.exitCode !== null || waited > 30_000) throw new Error('the server did not start');
    await pause(100);
  }
  const pid = server.pid as number;
  const idle = usage(pid);

  progress(`connecting ${SOCKETS} sockets into ${SOCKETS / PER_ROOM} rooms`);
  const joinMs: number[] = [];
  const relayMs: number[] = [];
  let received = 0;
  const connectStart = Date.now();
  for (let batch = 0; batch < SOCKETS; batch += 50) {
    await Promise.all(
      userTokens.slice(batch, batch + 50).map(async (token, k) => {
        const i = batch + k;
        const started = Date.now();
        const socket: Client = io(baseUrl, { path: SIGNAL_PATH, auth: { token }, transports: ['websocket'], forceNew: true });
        clients.push(socket);
        socket.on('identity', (e) => {
          received++;
          relayMs.push(Date.now() - Number(e.streamId.slice(2)));
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        const ack = await socket.timeout(10_000).emitWithAck('join', { room: `bench-${Math.floor(i / PER_ROOM)}` });
        if (!ack.ok) throw new Error(`join refused: ${ack.error.code}`);
        joinMs.push(Date.now() - started);
      }),
    );
  }
  const connectSeconds = (Date.now() - connectStart) / 1000;
  const connected = usage(pid);

  progress(`identity from every socket each ${IDENTITY_INTERVAL_MS} ms for ${SECONDS} s`);
  const timers = clients.map((socket, i) =>
    setTimeout(
      () => {
        const send = () =>
          socket.emit('identity', { streamId: `s-${Date.now()}`, audioEnabled: true, videoEnabled: i % 2 === 0 });
        send();
        timers[i] = setInterval(send, IDENTITY_INTERVAL_MS);
      },
      (i * IDENTITY_INTERVAL_MS) / SOCKETS,
    ),
  );
  await pause(2000); // warm-up: every socket is sending
  received = 0;
  relayMs.length = 0;
  const before = usage(pid);
  const clientBefore = process.cpuUsage();
  const start = Date.now();
  await pause(SECONDS * 1000);
  const seconds = (Date.now() - start) / 1000;
  const after = usage(pid);
  const clientCpu = process.cpuUsage(clientBefore);
  for (const t of timers) clearInterval(t);

  joinMs.sort((a, b) => a - b);
  relayMs.sort((a, b) => a - b);
  const cpuPercent = ((after.cpuMs - before.cpuMs) / (seconds * 1000)) * 100;
  const lines = [
    `${SOCKETS} sockets (websocket) in ${SOCKETS / PER_ROOM} rooms of ${PER_ROOM}, identity every ${IDENTITY_INTERVAL_MS} ms, ${seconds.toFixed(1)} s measured`,
    `connect + join: ${connectSeconds.toFixed(1)} s for all (50 at a time); per socket p50 ${percentile(joinMs, 50)} ms, p95 ${percentile(joinMs, 95)} ms`,
    `identities relayed: ${(received / seconds).toFixed(0)}/s (expected ${((SOCKETS * 1000) / IDENTITY_INTERVAL_MS).toFixed(0)}/s); relay latency p50 ${percentile(relayMs, 50)} ms, p95 ${percentile(relayMs, 95)} ms, max ${relayMs.at(-1)} ms`,
    `server CPU: ${cpuPercent.toFixed(1)} % of one core while relaying`,
    `server memory (RSS): ${idle.rssMb.toFixed(0)} MB idle, ${connected.rssMb.toFixed(0)} MB with every socket joined, ${after.rssMb.toFixed(0)} MB at the end`,
    `(the clients in the bench process used ${((clientCpu.user + clientCpu.system) / 10 / (seconds * 1000)).toFixed(1)} % of one core)`,
  ];
  console.log(`\nSignalling benchmark\n\n${lines.join('\n')}\n`);
} finally {
  for (const socket of clients) socket.close();
  await new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
  rmSync(target.dataDir, { recursive: true, force: true });
}
