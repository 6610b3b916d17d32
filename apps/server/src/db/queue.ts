import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { currentRequestId, withRequestId } from '../lib/request-context.js';
import type { Db, QueueConnection } from './client.js';

/** Where the queue keeps its tables, apart from the app's own. */
export const QUEUE_SCHEMA = 'jobs';

/**
 * The statements pg-boss runs under its advisory lock come as one text, `BEGIN; …; COMMIT;`. Its `db` option hands an
 * adapter nothing but SQL text (no transaction of its own), so the text is the only sign; db/queue.test.ts pins the
 * pg-boss version and the shape of its locked texts.
 */
const LOCKED = /^\s*BEGIN;([\s\S]*);\s*COMMIT;\s*$/;

/**
 * pg-boss's database adapter over PGlite. Texts with several statements go through `exec` (parameters need the
 * extended protocol, which takes one); a locked text runs inside PGlite's own transaction, so a failure rolls it back
 * instead of leaving the one shared connection in an aborted transaction.
 */
export function pgliteAdapter(client: PGlite): PgBoss.Db {
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
      // pg-boss names some values more than once (a delay is tested as text, then cast to a time or an interval): each
      // stays one parameter, its type inferred once, as on pg-boss's own connection. Drizzle numbers parameters in
      // the order they are appended, so a repeat names the number its first use was given.
      const numbered = new Map<string, number>();
      parts.forEach((part, i) => {
        const repeat = numbered.get(part);
        if (i % 2 === 0) query.append(sql.raw(part));
        else if (repeat !== undefined) query.append(sql.raw(`$${repeat}`));
        else {
          numbered.set(part, numbered.size + 1);
          query.append(sql`${values[Number(part) - 1] ?? null}`);
        }
      });
      const result = (await tx.execute(query)) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** A job's handler: it throws to have the job tried again later (with backoff), returns when it is done. */
export type JobHandler<T> = (data: T) => Promise<void>;

/** What a handler throws when no later try could go otherwise: its job fails at once rather than being tried again. */
export class FinalFailure extends Error {}

/** One queue's worker in this process: wakes it early, and settles once it has stopped. */
type Worker = { wake: () => void; stopped: Promise<void> };

/** How long stopping waits for a job in progress; one still running after that is tried again once it expires. */
const STOP_WAIT_MS = 5_000;

/**
 * The job queue as the app uses it: durable jobs in the database, sent inside the app's transactions, worked one at a
 * time per queue and process. The worker loop is ours (over pg-boss's fetch, complete and fail) rather than
 * pg-boss's `work`, which does not await completing or failing a job: with the database away at that moment its
 * rejection would go unhandled and end the process.
 */
export class Jobs {
  private readonly workers = new Map<string, Worker>();
  private stopping = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * Creates a queue, or updates its settings: each failed job is tried again after a growing delay. Processes that
   * start at once may race to create it; the loser finds it made on its next try.
   */
  async queue(name: string, retry: { limit: number; delaySeconds: number; expireInSeconds: number }): Promise<void> {
    const settings = {
      name,
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: true,
      expireInSeconds: retry.expireInSeconds,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, settings);
        else await this.boss.createQueue(name, settings);
        return;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  }

  /**
   * Sends a job, to run now or `delaySeconds` later (counted by the database's clock); within a transaction it exists
   * only if the transaction commits.
   */
  async send<T extends object>(name: string, data: T, tx?: Db, delaySeconds = 0): Promise<void> {
    // The request that caused the job, so its run and its mail log under the same id.
    const requestId = currentRequestId();
    await this.boss.send(name, requestId ? { ...data, requestId } : data, {
      ...(tx && { db: withinTransaction(tx) }),
      ...(delaySeconds > 0 && { startAfter: Math.ceil(delaySeconds) }),
    });
  }

  /**
   * Works the queue's jobs one at a time in this process: after a job it looks for the next at once, and when there
   * is none it looks again after `pollSeconds` (or when woken).
   */
  work<T extends object>(name: string, pollSeconds: number, handler: JobHandler<T>): void {
    let woken = false;
    let wakeNap: (() => void) | undefined;
    const nap = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollSeconds * 1000);
        wakeNap = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const run = async () => {
      while (!this.stopping) {
        woken = false;
        const job = await this.next<T>(name);
        if (job) await this.settle(name, job, handler);
        else if (!woken && !this.stopping) await nap();
      }
    };
    const wake = () => {
      woken = true;
      wakeNap?.();
    };
    this.workers.set(name, { wake, stopped: run() });
  }

  private async next<T>(name: string): Promise<PgBoss.Job<T> | undefined> {
    try {
      const [job] = await this.boss.fetch<T>(name, { batchSize: 1 });
      return job;
    } catch (err) {
      this.log?.warn({ err }, `could not fetch a job of ${name}`);
      return undefined;
    }
  }

  /** Runs one job and marks it done or failed; should the database fail that, the job expires and runs again. */
  private async settle<T>(name: string, job: PgBoss.Job<T>, handler: JobHandler<T>): Promise<void> {
    let failure: unknown;
    const reqId = (job.data as { requestId?: string } | null)?.requestId;
    try {
      await withRequestId(reqId, () => handler(job.data));
    } catch (err) {
      failure = err;
    }
    const output = { message: failure instanceof Error ? failure.message : String(failure) };
    try {
      if (failure === undefined) await this.boss.complete(name, job.id);
      else if (failure instanceof FinalFailure) await this.failForGood(name, job.id, output);
      else await this.boss.fail(name, job.id, output);
    } catch (err) {
      this.log?.warn({ err, job: job.id, reqId }, `could not settle a job of ${name}; it runs again after it expires`);
    }
    if (failure instanceof FinalFailure) this.log?.warn({ err: failure, job: job.id, reqId }, `a job of ${name} failed for good`);
    else if (failure !== undefined) {
      this.log?.warn({ err: failure, job: job.id, reqId }, `a job of ${name} failed; it runs again later`);
    }
  }

  /**
   * pg-boss 10's `fail` has a job tried again until its queue's retry limit, with no way to say a try was the last:
   * this writes the failed state and output as its own `fail` does once the limit is reached.
   */
  private async failForGood(name: string, id: string, output: { message: string }): Promise<void> {
    await this.boss
      .getDb()
      .executeSql(
        `UPDATE ${QUEUE_SCHEMA}.job SET state = 'failed', completed_on = now(), output = $3::jsonb WHERE name = $1 AND id = $2 AND state = 'active'`,
        [name, id, JSON.stringify(output)],
      );
  }

  /**
   * Per queue, for metrics: the jobs waiting (due, deferred or waiting to be tried again) and how long the longest-due
   * of them has been due. pg-boss 10 tells a queue's size but not its jobs' age, which is read from its table (by the
   * index its own fetch uses).
   */
  async backlog(): Promise<{ name: string; waiting: number; oldestDueSeconds: number }[]> {
    const queues = await this.boss.getQueues();
    const sizes = await Promise.all(queues.map((q) => this.boss.getQueueSize(q.name)));
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `SELECT name, extract(epoch FROM now() - min(start_after))::float8 AS age FROM ${QUEUE_SCHEMA}.job WHERE state < 'active' AND start_after <= now() GROUP BY name`,
        [],
      );
    const ages = new Map((rows as { name: string; age: number }[]).map((r) => [r.name, Number(r.age)]));
    return queues.map((q, i) => ({ name: q.name, waiting: sizes[i], oldestDueSeconds: ages.get(q.name) ?? 0 }));
  }

  /** Asks this process's worker of the queue to look for jobs now rather than at its next poll. */
  wake(name: string): void {
    this.workers.get(name)?.wake();
  }

  /** Sends a job on a cron schedule (UTC), once per slot however many processes run. */
  schedule(name: string, cron: string): Promise<void> {
    return this.boss.schedule(name, cron);
  }

  /** Stops taking jobs; one in progress gets a few seconds to finish, else it is tried again once it expires. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const worker of this.workers.values()) worker.wake();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STOP_WAIT_MS);
    });
    await Promise.race([Promise.all([...this.workers.values()].map((w) => w.stopped)), waited]);
    clearTimeout(timer);
    await this.boss.stop({ graceful: false, wait: true });
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
  return new Jobs(boss, log);
}
