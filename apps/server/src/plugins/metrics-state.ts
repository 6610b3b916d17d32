import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';

/** Figures read when Prometheus scrapes, not kept up to date as things change: queues, database pool, signalling. */
export function registerStateGauges(app: FastifyInstance, registers: Registry[]): void {
  // Both queue gauges of one scrape share one read.
  let reading: ReturnType<FastifyInstance['jobs']['backlog']> | undefined;
  const readBacklog = () => {
    if (!reading) {
      reading = app.jobs.backlog().finally(() => {
        reading = undefined;
      });
      // Unreadable (database away): the queue gauges are left out of this scrape, the rest still answers.
      reading.catch((err) => app.log.warn({ err }, 'queue figures unavailable'));
    }
    return reading.catch(() => []);
  };
  new Gauge({
    name: 'rozmova_queue_waiting_jobs',
    help: 'Jobs waiting in each queue: due, deferred, or waiting to be tried again.',
    labelNames: ['queue'],
    registers,
    async collect() {
      this.reset();
      for (const q of await readBacklog()) this.set({ queue: q.name }, q.waiting);
    },
  });
  new Gauge({
    name: 'rozmova_queue_oldest_due_job_age_seconds',
    help: 'How long the job of each queue that has been due the longest has waited for a worker.',
    labelNames: ['queue'],
    registers,
    async collect() {
      this.reset();
      for (const q of await readBacklog()) this.set({ queue: q.name }, q.oldestDueSeconds);
    },
  });

  const poolUse = app.database.poolUse;
  if (poolUse) {
    const pool = (name: string, help: string, figure: keyof ReturnType<typeof poolUse>) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(poolUse()[figure]);
        },
      });
    pool('rozmova_db_pool_connections', 'Connections open to PostgreSQL (the job queue keeps its own few).', 'total');
    pool('rozmova_db_pool_idle_connections', 'Open connections not in use.', 'idle');
    pool('rozmova_db_pool_waiting_requests', 'Queries waiting for a free connection.', 'waiting');
  }

  // This process's sockets only: with REDIS_URL each process reports its own.
  new Gauge({
    name: 'rozmova_signal_sockets',
    help: 'Signalling sockets connected to this process.',
    registers,
    collect() {
      this.set(app.signal.of('/').sockets.size);
    },
  });
  new Gauge({
    name: 'rozmova_signal_call_rooms',
    help: 'Call rooms with at least one socket of this process in them.',
    registers,
    collect() {
      const rooms = new Set<string>();
      for (const socket of app.signal.of('/').sockets.values()) if (socket.data.room) rooms.add(socket.data.room);
      this.set(rooms.size);
    },
  });
}
