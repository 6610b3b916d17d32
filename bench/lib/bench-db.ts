import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.js';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';

async function serverVersion(database: Database): Promise<string> {
  const result = (await database.db.execute('show server_version')) as unknown as { rows: { server_version: string }[] };
  return result.rows[0].server_version.split(' ')[0];
}

/**
 * A database for one bench. `settle` lets it finish what seeding left it to do (statistics, dirty pages), so that a
 * PostgreSQL server on the same cores does not autovacuum or checkpoint in the middle of a measurement.
 */
export type BenchDatabase = {
  label: string;
  database: Database;
  dataDir: string;
  settle: () => Promise<void>;
  dispose: () => Promise<void>;
};

/** A fresh, migrated embedded database in a temporary folder, removed afterwards. */
export async function freshEmbedded(): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rozmova-bench-'));
  const database = await openDatabase({ dataDir });
  return {
    label: `embedded PGlite (PostgreSQL ${await serverVersion(database)})`,
    database,
    dataDir,
    settle: async () => void (await database.db.execute('VACUUM ANALYZE')),
    dispose: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new database on the PostgreSQL server of `url`, dropped afterwards. */
export async function freshPostgres(url: string): Promise<BenchDatabase> {
  const name = `rozmova_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString() });
  const dataDir = mkdtempSync(join(tmpdir(), 'rozmova-bench-'));
  return {
    label: `PostgreSQL ${await serverVersion(database)} server`,
    database,
    dataDir,
    settle: async () => {
      await database.db.execute('VACUUM ANALYZE');
      await database.db.execute('CHECKPOINT');
    },
    dispose: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** DATABASE_URL, else the local PostgreSQL server when one answers; undefined when there is none. */
export async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The server's config for a bench on this database: the API only (no web build), rate limits off, logs silent. */
export const benchApiConfig = (target: BenchDatabase) =>
  loadConfig({
    DATA_DIR: target.dataDir,
    JWT_SECRET: 'bench-secret-0123456789abcdef',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(target.dataDir, 'no-web'),
  });
