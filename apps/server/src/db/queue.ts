import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db, QueueConnection } from './client.js';

/** Where the queue keeps its tables, apart from the app's own. */
export const QUEUE_SCHEMA = 'jobs';

/** The statements pg-boss runs under its advisory lock come as one text, `BEGIN; …; COMMIT;`. */
const LOCKED = /^\s*BEGIN;([\s\S]*);\s*COMMIT;\s*$/;

/**
 * pg-boss's database adapter over PGlite. Texts with several statements go through `exec` (parameters need the
 * extended protocol, which takes one); a locked text runs inside PGlite's own transaction, so a failure rolls it back
 * instead of leaving the one shared connection in an aborted transaction.
 */
function pgliteAdapter(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return client.query(text, values as never[]);
      const locked = LOCKED.exec(text);
      const results = locked ? await client.transaction((tx) => tx.exec(locked[1])) : await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/** pg-boss's adapter over a transaction of the app, so a job is sent if and only if the transaction commits. */
export function withinTransaction(tx: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const query: SQL = sql.empty();
      parts.forEach((part, i) => {
        query.append(i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`);
      });
      const result = (await tx.execute(query)) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** A job's handler: it throws to have the job tried again later (with backoff), returns when it is done. */
export type JobHandler<T> = (data: T) => Promise<void>;

/** The job queue as the app uses it: durable jobs in the database, sent inside the app's transactions. */
export class Jobs {
  private readonly workers = new Map<string, string>();

  constructor(private readonly boss: PgBoss) {}

  /** Creates a queue (kept as it is when it exists): each failed job is tried again after a growing delay. */
  async queue(name: string, retry: { limit: number; delaySeconds: number; expireInSeconds: number }): Promise<void> {
    const settings = {
      name,
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: true,
      expireInSeconds: retry.expireInSeconds,
    };
    if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, settings);
    else await this.boss.createQueue(name, settings);
  }

  /** Sends a job; within a transaction it exists only if the transaction commits. */
  async send<T extends object>(name: string, data: T, tx?: Db): Promise<void> {
    await this.boss.send(name, data, tx ? { db: withinTransaction(tx) } : {});
  }

  /** Runs each job of the queue, one at a time in this process, polling every `pollSeconds`. */
  async work<T extends object>(name: string, pollSeconds: number, handler: JobHandler<T>): Promise<void> {
    const id: string = await this.boss.work<T>(name, { pollingIntervalSeconds: pollSeconds, batchSize: 1 }, async ([job]) => {
      await handler(job.data);
      // After a job done, the worker would wait out its poll before the next; more may wait, so it looks at once.
      this.boss.notifyWorker(id);
    });
    this.workers.set(name, id);
  }

  /** Asks this process's worker of the queue to look for jobs now rather than at its next poll. */
  wake(name: string): void {
    const id = this.workers.get(name);
    if (id) this.boss.notifyWorker(id);
  }

  /** Sends a job on a cron schedule (UTC), once per slot however many processes run. */
  schedule(name: string, cron: string): Promise<void> {
    return this.boss.schedule(name, cron);
  }

  /** Stops taking jobs; one in progress gets a few seconds to finish, else it is tried again later. */
  stop(): Promise<void> {
    return this.boss.stop({ graceful: true, wait: true, timeout: 5_000 });
  }
}

/** Opens the job queue on the app's database, creating or upgrading its tables. */
export async function openJobs(connection: QueueConnection, log?: FastifyBaseLogger): Promise<Jobs> {
  const boss = new PgBoss({
    ...('pglite' in connection
      ? { db: pgliteAdapter(connection.pglite) }
      : { connectionString: connection.connectionString, max: 3 }),
    schema: QUEUE_SCHEMA,
    // Finished jobs are kept a week for inspection, then removed.
    deleteAfterDays: 7,
    // How often a job whose worker died (its expiry passed) is noticed and tried again.
    maintenanceIntervalSeconds: 30,
  });
  boss.on('error', (err) => log?.error({ err }, 'job queue error'));
  await boss.start();
  return new Jobs(boss);
}
