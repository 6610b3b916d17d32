import type { FastifyInstance } from 'fastify';
import { deliverMail } from './delivery.js';
import { MAIL_QUEUE } from './mail-queue.js';
import { CLAIM_SECONDS } from './repository.js';
import { queueDueReminders } from './service.js';

/** The job that looks for due reminders, sent every minute by the queue's own schedule. */
export const REMINDERS_QUEUE = 'notification-reminders';

/**
 * Starts this process's share of the notification work: sending queued mails (a failed send is tried again after
 * `mailRetrySeconds`, then twice as long each time, up to about 30 tries over a week), and recording reminders as they fall due.
 */
export async function startNotificationWorkers(app: FastifyInstance, opts: { mailRetrySeconds: number }): Promise<void> {
  const { jobs, context } = app;
  await jobs.queue(MAIL_QUEUE, { limit: 30, delaySeconds: opts.mailRetrySeconds, expireInSeconds: CLAIM_SECONDS });
  await jobs.queue(REMINDERS_QUEUE, { limit: 2, delaySeconds: 10, expireInSeconds: 60 });
  jobs.work<{ notificationId: number }>(MAIL_QUEUE, 2, (job) => deliverMail(context, job.notificationId));
  jobs.work(REMINDERS_QUEUE, 10, async () => void (await queueDueReminders(context)));
  await jobs.schedule(REMINDERS_QUEUE, '* * * * *');
}
