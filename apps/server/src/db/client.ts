import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverDir } from '../lib/server-dir.js';
import { releaseTransactionClients } from './pool-transactions.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type every repository takes: the same on PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** How the job queue reaches the database: its own small pool on PostgreSQL, the one embedded connection otherwise. */
export type QueueConnection = { connectionString: string } | { pglite: PGlite };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** How the job queue reaches this database. */
  queue: QueueConnection;
  /**
   * The app's connections to PostgreSQL: open, idle, and requests waiting for one. The embedded database has none
   * (one connection in this process, its queries taking turns), so no figure.
   */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** Resolves once the database answers a trivial query. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export const migrationsFolder = join(serverDir, 'drizzle');
export const pgliteExtensions = { btree_gist };
const ANALYZE_EVERY_MS = 10 * 60 * 1000;
/** Connections one process keeps to PostgreSQL at most. */
export const POOL_SIZE = 10;

/** Migration 0009 reads the stored wall-clock times of appointments in this zone. */
const SET_PLATFORM_ZONE = "SELECT set_config('rozmova.platform_time_zone', $1, false)";

// Any fixed number, the same in every process of the project.
const MIGRATION_LOCK = 7_391_405;

/** Opens PostgreSQL when a URL is given, else the embedded database in dataDir; applies migrations. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  /** The platform's zone (TIME_ZONE): migrations read stored wall-clock times in it. */
  timeZone?: string;
}): Promise<Database> {
  const zone = opts.timeZone ?? 'Europe/Kyiv';
  if (opts.databaseUrl) {
    await migrateAlone(opts.databaseUrl, zone);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: POOL_SIZE,
      // While the server is away or restarting, a request fails within seconds (and answers 503) instead of queueing:
      // connecting, or waiting for a free connection, gives up after 5 s; a statement is cancelled by the server
      // after 10 s, and given up by the client 5 s later should the server not answer at all.
      connectionTimeoutMillis: 5000,
      statement_timeout: 10_000,
      query_timeout: 15_000,
      keepAlive: true,
    });
    // An idle connection dropped by the server (restart, admin command) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
    const pgDb = drizzlePg(pool, { schema });
    releaseTransactionClients(pgDb as never, pool);
    const db = pgDb as unknown as Db;
    return {
      db,
      kind: 'postgres',
      queue: { connectionString: opts.databaseUrl },
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  let client = opts.pglite;
  if (!client) {
    const dir = join(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions: pgliteExtensions });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await client.query(SET_PLATFORM_ZONE, [zone]);
  await migratePglite(db as never, { migrationsFolder });
  const owned = client;
  // PGlite has no autovacuum, so the planner's statistics are refreshed here instead; the periodic VACUUM also keeps
  // the visibility map current, which index-only scans (the doctor search's covering index) need to skip the heap.
  await owned.exec('ANALYZE');
  const timer = setInterval(() => void owned.exec('VACUUM ANALYZE').catch(() => {}), ANALYZE_EVERY_MS);
  timer.unref();
  return {
    db,
    kind: 'pglite',
    queue: { pglite: owned },
    ping: async () => void (await owned.query('select 1')),
    close: async () => {
      clearInterval(timer);
      await owned.close();
    },
  };
}

/**
 * Processes starting at once on one database would each apply the same migrations and all but one fail: they take
 * turns on a session-level advisory lock, so the later ones find nothing left to apply. Migrations run on a
 * connection of their own, without the pool's request timeouts; ending it releases the lock.
 */
async function migrateAlone(databaseUrl: string, zone: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(SET_PLATFORM_ZONE, [zone]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.end();
  }
}
