import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type every repository takes: the same on PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves once the database answers a trivial query. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');
export const pgliteExtensions = { btree_gist };
const ANALYZE_EVERY_MS = 10 * 60 * 1000;

// Any fixed number, the same in every process of the project.
const MIGRATION_LOCK = 7_391_405;

/**
 * Processes starting at once on one database would each apply the same migrations and all but one fail: they take
 * turns on a session-level advisory lock, so the later ones find nothing left to apply.
 */
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>) {
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
}

/** Opens PostgreSQL when a URL is given, else the embedded database in dataDir; applies migrations. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, admin command) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migrateAlone(pool, () => migratePg(db as never, { migrationsFolder }));
    return { db, kind: 'postgres', ping: async () => void (await pool.query('select 1')), close: () => pool.end() };
  }
  let client = opts.pglite;
  if (!client) {
    const dir = join(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions: pgliteExtensions });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
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
    ping: async () => void (await owned.query('select 1')),
    close: async () => {
      clearInterval(timer);
      await owned.close();
    },
  };
}
