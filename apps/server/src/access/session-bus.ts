import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AppEvents } from '../lib/app-events.js';
import { closeRedis, openRedis } from '../lib/redis.js';
import type { SessionCache } from './session-cache.js';

const CHANNEL = 'rozmova:session-notices';

/** A session or account notice as it travels between processes. */
type Notice =
  | { origin: string; event: 'sessionsRevoked' | 'accountChanged'; userId: number }
  | { origin: string; event: 'sessionRevoked'; sessionId: string };

type Log = { warn: (obj: object, msg: string) => void };

/**
 * With several processes sharing a Redis, each one publishes the sessions it ends and the accounts it changes, and
 * drops the other processes' announcements from its own session cache, so they take effect there at once too.
 */
export async function shareSessionNotices(
  redisUrl: string,
  events: AppEvents,
  cache: SessionCache,
  log: Log,
): Promise<() => Promise<void>> {
  const origin = randomUUID();
  const publisher = openRedis(redisUrl, 'session notices', log);
  const subscriber = openRedis(redisUrl, 'session notices', log);
  // Notices sent while the subscription was down are lost: start afresh rather than trust what is cached.
  subscriber.on('ready', () => cache.clear());
  subscriber.on('message', (_channel, message) => {
    const notice = JSON.parse(message) as Notice;
    if (notice.origin === origin) return;
    if (notice.event === 'sessionRevoked') cache.dropSession(notice.sessionId);
    else cache.dropUser(notice.userId);
  });
  await subscriber.subscribe(CHANNEL);

  const publish = (notice: Notice) =>
    void publisher.publish(CHANNEL, JSON.stringify(notice)).catch((err) => log.warn({ err }, 'session notice not sent'));
  const onUser = (event: 'sessionsRevoked' | 'accountChanged') => (userId: number) => publish({ origin, event, userId });
  const onSessionsRevoked = onUser('sessionsRevoked');
  const onAccountChanged = onUser('accountChanged');
  const onSessionRevoked = (sessionId: string) => publish({ origin, event: 'sessionRevoked', sessionId });
  events.on('sessionsRevoked', onSessionsRevoked);
  events.on('accountChanged', onAccountChanged);
  events.on('sessionRevoked', onSessionRevoked);
  return async () => {
    events.off('sessionsRevoked', onSessionsRevoked);
    events.off('accountChanged', onAccountChanged);
    events.off('sessionRevoked', onSessionRevoked);
    await closeRedis(publisher, subscriber);
  };
}

/** For a one-off process (the CLI): tells the running servers that an account changed. */
export async function announceAccountChanged(redisUrl: string, userId: number): Promise<void> {
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    await client.publish(CHANNEL, JSON.stringify({ origin: 'cli', event: 'accountChanged', userId } satisfies Notice));
  } finally {
    client.disconnect();
  }
}
