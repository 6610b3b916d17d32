import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseTransactionClients } from '../src/db/pool-transactions.js';
import { PG_URL, postgresAnswers } from './cluster.js';

/**
 * pool-transactions.ts replaces drizzle's transaction through its internals (db._.session), as drizzle offers no way
 * to: these tests fail should an upgrade move what it relies on, or fix drizzle's own so the replacement can go.
 */
const require = createRequire(import.meta.url);
const installed = (name: string) =>
  JSON.parse(readFileSync(join(dirname(require.resolve(name)), 'package.json'), 'utf8')).version as string;

const havePostgres = process.env.CI === 'true' || (await postgresAnswers());
if (!havePostgres) console.warn(`pool-transactions: no PostgreSQL at ${PG_URL}; its part skipped`);

describe('drizzle as the transaction replacement knows it', () => {
  it('is 0.45, whose node-postgres transaction sends BEGIN outside its try and ignores a failed ROLLBACK', () => {
    // On an upgrade: see whether drizzle-team/drizzle-orm#6241 and #6114 are fixed; if so, drop pool-transactions.ts.
    expect(installed('drizzle-orm')).toMatch(/^0\.45\./);
    const own = NodePgSession.prototype.transaction.toString();
    expect(own.indexOf('begin')).toBeLessThan(own.indexOf('try'));
    expect(own).toMatch(/catch \(error\) \{\s*await tx\.execute\(sql`rollback`\)/);
  });

  it('keeps the session parts a transaction is built from under db._.session', () => {
    const db = drizzle(new pg.Pool({ connectionString: PG_URL }));
    const session = db._.session as unknown as Record<string, unknown>;
    expect(session).toBeInstanceOf(NodePgSession);
    for (const part of ['dialect', 'schema', 'options']) expect(session).toHaveProperty(part);
    expect(new NodePgTransaction(session.dialect as never, session as never, undefined)).toBeInstanceOf(NodePgTransaction);
  });
});

describe.runIf(havePostgres)('transactions on a pool of one connection', () => {
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle>;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: PG_URL, max: 1 });
    pool.on('error', () => undefined);
    db = drizzle(pool);
    releaseTransactionClients(db as never, pool);
  });
  afterAll(() => pool.end());

  it('commits, rolls back, nests and takes a transaction config', async () => {
    const level = await db.transaction(
      async (tx) => (await tx.execute(sql`show transaction_isolation`)).rows[0].transaction_isolation,
      { isolationLevel: 'serializable' },
    );
    expect(level).toBe('serializable');
    const nested = await db.transaction((tx) =>
      tx.transaction(async (inner) => (await inner.execute(sql`select 2 as n`)).rows[0].n),
    );
    expect(nested).toBe(2);
    await expect(db.transaction(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect((await pool.query('select 1 as one')).rows[0].one).toBe(1);
  });

  // Without the replacement the dead connection's 'error' goes unheard: Vitest fails the run on that uncaught error.
  it('hears and drops a connection that died in a transaction (its ROLLBACK failed too); the next gets a new one', async () => {
    await expect(db.transaction((tx) => tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`))).rejects.toThrow();
    expect(pool.totalCount).toBe(0);
    expect(await db.transaction(async (tx) => (await tx.execute(sql`select 3 as n`)).rows[0].n)).toBe(3);
    expect(pool.totalCount).toBe(1);
  });
});
