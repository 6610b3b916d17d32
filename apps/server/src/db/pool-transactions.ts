import { sql } from 'drizzle-orm';
import { type NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

type SessionParts = ConstructorParameters<typeof NodePgSession>;
type Run = (tx: NodePgTransaction<Record<string, unknown>, never>) => Promise<unknown>;

/**
 * drizzle-orm's node-postgres transaction() (0.45) sends BEGIN before its try/finally, so a BEGIN on a connection that
 * has just died never gives the client back and the pool shrinks for good; and after a failed ROLLBACK it hands the
 * broken client back as healthy (drizzle-team/drizzle-orm#6241, #6114); and an error on the connection between two
 * statements goes unheard and crashes the process. This replaces it on `db` with the same transaction that always
 * releases its client, and has the pool drop a client that did not end cleanly. drizzle has no public way to give a
 * database its own transaction, hence db._.session; test/pool-transactions.test.ts pins the drizzle version and the
 * parts this relies on.
 */
export function releaseTransactionClients(db: NodePgDatabase<Record<string, unknown>>, pool: pg.Pool): void {
  const session = db._.session as unknown as { dialect: SessionParts[1]; schema: SessionParts[2]; options: SessionParts[3] };
  const { dialect, schema, options } = session;
  const transaction = async (run: Run, config?: PgTransactionConfig) => {
    const client = await pool.connect();
    // A checked-out client has no listener of the pool's: a connection the server ends between two statements
    // (a restart) would otherwise be an uncaught 'error' that takes the process down. Its next statement fails anyway.
    const onError = () => undefined;
    client.on('error', onError);
    const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema, options), schema as never);
    let clean = false;
    try {
      await tx.execute(sql`begin`);
      try {
        if (config) await tx.setTransaction(config);
        const result = await run(tx as never);
        await tx.execute(sql`commit`);
        clean = true;
        return result;
      } catch (err) {
        // The caller learns what went wrong in the transaction, not that the rollback failed as well.
        clean = await tx.execute(sql`rollback`).then(
          () => true,
          () => false,
        );
        throw err;
      }
    } finally {
      client.off('error', onError);
      client.release(clean ? undefined : new Error('transaction did not end cleanly'));
    }
  };
  Object.assign(session, { transaction });
}
