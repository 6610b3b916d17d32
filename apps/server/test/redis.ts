import { Redis } from 'ioredis';

/** The Redis the tests that need one share (several processes, counters, notices). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisAnswers(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Whether a suite that needs Redis runs: always in CI (where a missing Redis must fail), else when one answers. */
export async function needsRedis(suite: string): Promise<boolean> {
  const have = await redisAnswers();
  if (!have && process.env.CI !== 'true') console.warn(`${suite}: no Redis at ${REDIS_URL}; its part skipped (in CI this fails)`);
  return have || process.env.CI === 'true';
}
