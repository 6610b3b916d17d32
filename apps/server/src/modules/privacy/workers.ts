import type { FastifyInstance } from 'fastify';
import { purgeDue } from './service.js';

/** The job that purges the kept records of deletions whose retention is over, once a day by the queue's schedule. */
export const PURGE_QUEUE = 'privacy-purge';

export async function startPrivacyWorkers(app: FastifyInstance): Promise<void> {
  const { jobs, context } = app;
  await jobs.queue(PURGE_QUEUE, { limit: 2, delaySeconds: 60, expireInSeconds: 600 });
  jobs.work(PURGE_QUEUE, 60, async () => void (await purgeDue(context)));
  await jobs.schedule(PURGE_QUEUE, '17 3 * * *');
}
