import { Redis, type RedisOptions } from 'ioredis';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * For commands a request waits on (counters, locks): a Redis that does not answer fails them within about a second,
 * rather than holding the request while the client reconnects.
 */
export const FAIL_FAST: RedisOptions = { maxRetriesPerRequest: 1, commandTimeout: 1000 };

/**
 * One Redis connection of this process. It reconnects by itself; its errors are logged as `what`, never thrown, so a
 * Redis that goes away never crashes the process.
 */
export function openRedis(url: string, what: string, log: Log, options: RedisOptions = {}): Redis {
  const client = new Redis(url, options);
  client.on('error', (err) => log.warn({ err }, `${what} Redis connection`));
  return client;
}

/**
 * Settles once the connection is ready, or after `ms` (a Redis that is away at start is not waited for: commands then
 * fail fast as while it is away later). Awaited before the server listens, so its first requests do not race the
 * connect.
 */
export function untilReady(client: Redis, ms = 5000): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done);
  });
}

/** Closes connections on shutdown: politely when Redis answers, else at once. */
export async function closeRedis(...clients: Redis[]): Promise<void> {
  await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
}

/**
 * For a client whose publishes nobody awaits (the socket.io adapter's): a publish that fails while Redis is away is
 * logged, rather than left as an unhandled rejection, which would end the process.
 */
export function handlePublishFailures(client: Redis, log: { debug: (obj: object, msg: string) => void }): Redis {
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<number>;
  client.publish = ((...args: unknown[]) => {
    const sent = publish(...args);
    sent.catch((err) => log.debug({ err }, 'signalling relay not published'));
    return sent;
  }) as Redis['publish'];
  return client;
}
