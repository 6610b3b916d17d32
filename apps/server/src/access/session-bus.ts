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

/** A notice as published, or null for anything else on the channel. */
function readNotice(message: string): Notice | null {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const n = value as Partial<Notice> & { userId?: unknown; sessionId?: unknown };
  if (n.event === 'sessionRevoked') return typeof n.sessionId === 'string' ? (n as Notice) : null;
  if (n.event === 'sessionsRevoked' || n.event === 'accountChanged') return typeof n.userId === 'number' ? (n as Notice) : null;
  return null;
}

/**
 * With several processes sharing a Redis, each one publishes the sessions it ends and the accounts it changes, and
 * drops the other processes' announcements from its own session cache, so they take effect there at once too.
 */
export async function shareSessionNotices(
  redisUrl: string,
  events: AppEvents,
  cache: SessionCache,
  log: Log,
): Promise<{ stop: () => Promise<void>; sent: () => Promise<void> }> {
  const origin = randomUUID();
  const publisher = openRedis(redisUrl, 'session notices', log);
  const subscriber = openRedis(redisUrl, 'session notices', log);
  // Notices sent while the subscription was down are lost: start afresh rather than trust what is cached.
  subscriber.on('ready', () => cache.clear());
  subscriber.on('message', (_channel, message) => {
    const notice = readNotice(message);
    if (!notice) {
      // Not a notice of ours: forget what is cached rather than miss a change it may have meant.
      log.warn({ message: message.slice(0, 200) }, 'unreadable session notice');
      cache.clear();
      return;
    }
    if (notice.origin === origin) return;
    if (notice.event === 'sessionRevoked') cache.dropSession(notice.sessionId);
    else cache.dropUser(notice.userId);
  });
  await subscriber.subscribe(CHANNEL);

  const inFlight = new Set<Promise<void>>();
  const publish = (notice: Notice) => {
    const sending = publisher
      .publish(CHANNEL, JSON.stringify(notice))
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, 'session notice not sent'),
      )
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  };
  const onUser = (event: 'sessionsRevoked' | 'accountChanged') => (userId: number) => publish({ origin, event, userId });
  const onSessionsRevoked = onUser('sessionsRevoked');
  const onAccountChanged = onUser('accountChanged');
  const onSessionRevoked = (sessionId: string) => publish({ origin, event: 'sessionRevoked', sessionId });
  events.on('sessionsRevoked', onSessionsRevoked);
  events.on('accountChanged', onAccountChanged);
  events.on('sessionRevoked', onSessionRevoked);
  return {
    stop: async () => {
      events.off('sessionsRevoked', onSessionsRevoked);
      events.off('accountChanged', onAccountChanged);
      events.off('sessionRevoked', onSessionRevoked);
      await closeRedis(publisher, subscriber);
    },
    // Redis has handed every notice published so far to the other processes (or failed to).
    sent: async () => {
      await Promise.all(inFlight);
    },
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
