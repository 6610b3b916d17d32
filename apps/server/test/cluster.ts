import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { freePort } from './ports.js';
import { REDIS_URL, redisAnswers } from './redis.js';
import { spawnScript } from './run-script.js';

/** Helpers for tests that run several real server processes (`src/main.ts`) against one PostgreSQL and one Redis. */

export const PG_URL = process.env.DATABASE_URL ?? process.env.CI_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresAnswers(): Promise<boolean> {
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

/**
 * Whether a suite of several processes runs: always in CI, where a missing PostgreSQL or Redis must fail it (its
 * beforeAll checks them), else when both answer.
 */
export async function needsCluster(suite: string): Promise<boolean> {
  if (process.env.CI === 'true') return true;
  const [havePostgres, haveRedis] = await Promise.all([postgresAnswers(), redisAnswers()]);
  if (!havePostgres) console.warn(`${suite}: no PostgreSQL at ${PG_URL}; skipped (in CI this fails)`);
  if (!haveRedis) console.warn(`${suite}: no Redis at ${REDIS_URL}; skipped (in CI this fails)`);
  return havePostgres && haveRedis;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database on the PostgreSQL server; answers its URL. */
export async function createDatabase(): Promise<string> {
  const name = `rozmova_cluster_${randomUUID().replaceAll('-', '')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^rozmova_cluster_[0-9a-f]{32}$/.test(name)) throw new Error(`refusing to drop ${name}`);
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export type ServerProcess = { url: string; child: ChildProcess; output: () => string };

/** Starts `src/main.ts` with this environment on a free port and waits until it is ready (30 s at most). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnScript('src/main.ts', [], { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
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

export const stopServer = (p: ServerProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!p || p.child.exitCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });
