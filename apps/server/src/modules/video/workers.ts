import type { FastifyInstance } from 'fastify';
import { purgeChat } from './chat.js';

/** The job that deletes the chat of call rooms that have closed, every five minutes by the queue's schedule. */
export const CHAT_PURGE_QUEUE = 'call-chat-purge';

export async function startVideoWorkers(app: FastifyInstance): Promise<void> {
  const { jobs, context } = app;
  await jobs.queue(CHAT_PURGE_QUEUE, { limit: 2, delaySeconds: 30, expireInSeconds: 300 });
  jobs.work(CHAT_PURGE_QUEUE, 30, async () => void (await purgeChat(context)));
  await jobs.schedule(CHAT_PURGE_QUEUE, '*/5 * * * *');
}
