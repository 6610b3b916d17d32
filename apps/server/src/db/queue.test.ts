import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteAdapter, QUEUE_SCHEMA } from './queue.js';

/**
 * The PGlite adapter tells pg-boss's locked statements by their text, which pg-boss keeps to itself: these tests
 * fail should an upgrade change that text, so the adapter is looked at again.
 */
const require = createRequire(import.meta.url);
const pgBossDir = dirname(require.resolve('pg-boss/package.json'));
const plans = require(join(pgBossDir, 'src/plans.js')) as { locked: (schema: string, query: string[]) => string };

let client: PGlite;
beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
});
afterAll(() => client.close());

describe('pg-boss as the PGlite adapter knows it', () => {
  it('is version 10, whose locked statements are one text from BEGIN; to COMMIT;', () => {
    expect(JSON.parse(readFileSync(join(pgBossDir, 'package.json'), 'utf8')).version).toMatch(/^10\./);
    for (const text of [PgBoss.getConstructionPlans(QUEUE_SCHEMA), plans.locked(QUEUE_SCHEMA, ['SELECT 1'])]) {
      expect(text).toMatch(/^\s*BEGIN;[\s\S]*pg_advisory_xact_lock[\s\S]*;\s*COMMIT;\s*$/);
    }
  });

  it('runs pg-boss’s construction text whole', async () => {
    await pgliteAdapter(client).executeSql(PgBoss.getConstructionPlans(QUEUE_SCHEMA), []);
    const tables = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = '${QUEUE_SCHEMA}' and table_name = 'job'`,
    );
    expect(tables.rows[0].n).toBe(1);
  });

  it('rolls back a locked text that fails half-way, leaving the one connection usable', async () => {
    const failing = plans.locked(QUEUE_SCHEMA, ['CREATE TABLE half_done (a int)', 'SELECT 1/0']);
    await expect(pgliteAdapter(client).executeSql(failing, [])).rejects.toThrow(/division by zero/);
    const left = await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where tablename = 'half_done'`);
    expect(left.rows[0].n).toBe(0);
  });
});
