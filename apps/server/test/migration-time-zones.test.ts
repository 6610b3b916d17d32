import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, pgliteExtensions } from '../src/db/client.js';

/**
 * Migration 0017 gives stored zones their canonical names: another name of a zone, or one in another case, becomes the
 * zone's current IANA name. A name no database knows stays for the server's start to log and clear; from then on the
 * column takes only names in time_zones. On PGlite, or on PostgreSQL when DATABASE_URL is set.
 */
const dir = mkdtempSync(join(tmpdir(), 'rozmova-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the migrations that stops before 0017. */
function migrationsBefore0017(): string {
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 17);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** A database migrated up to 0016, then `run` with it, then the rest of the migrations. */
async function migratedAcross(run: { before: (q: Query) => Promise<void>; after: (q: Query) => Promise<void> }) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = new PGlite({ extensions: pgliteExtensions });
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsBefore0017() });
    await run.before((text) => client.query(text));
    await openDatabase({ pglite: client });
    await run.after((text) => client.query(text));
    await client.close();
    return;
  }
  const name = `rozmova_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  try {
    await migratePg(drizzlePg(client), { migrationsFolder: migrationsBefore0017() });
    await run.before((text) => client.query(text));
    await (await openDatabase({ databaseUrl: dbUrl.toString() })).close();
    await run.after((text) => client.query(text));
  } finally {
    await client.end();
    await admin.query(`DROP DATABASE ${name}`);
    await admin.end();
  }
}

describe('migration 0017: canonical zone names', () => {
  it('rewrites aliases and other cases to canonical names, and checks every later write', async () => {
    const stored = [
      'Europe/Kiev',
      'US/Pacific-New',
      'europe/warsaw',
      'Asia/Calcutta',
      'Etc/UTC',
      'America/New_York',
      'Mars/Olympus',
    ];
    await migratedAcross({
      before: async (query) => {
        const rows = stored.map((zone, i) => `(${i + 1}, 'u${i}@example.test', 'PATIENT', '${zone}')`);
        await query(
          `INSERT INTO users (id, email, role, time_zone) VALUES ${rows.join(', ')}, (99, 'none@example.test', 'PATIENT', NULL)`,
        );
      },
      after: async (query) => {
        const { rows } = await query('SELECT time_zone FROM users ORDER BY id');
        expect(rows.map((r) => r.time_zone)).toEqual([
          'Europe/Kyiv',
          'America/Los_Angeles',
          'Europe/Warsaw',
          'Asia/Kolkata',
          'UTC',
          'America/New_York',
          'Mars/Olympus',
          null,
        ]);
        await expect(query("UPDATE users SET time_zone = 'Europe/Kiev' WHERE id = 99")).rejects.toMatchObject({ code: '23503' });
        await query("UPDATE users SET time_zone = 'Europe/Kyiv' WHERE id = 99");
      },
    });
  });
});
