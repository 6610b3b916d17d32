import { expect } from 'vitest';

type Answer = { status: number; body: { code?: string } };

/**
 * Sends `count` writes at once (the i-th made by `send(i)`) and checks that exactly one applied and the rest were
 * refused as 409 STALE; answers the one applied.
 */
export async function expectOneOfConcurrentWrites<A extends Answer>(count: number, send: (i: number) => Promise<A>): Promise<A> {
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  const applied = answers.filter((r) => r.status === 200);
  expect(applied).toHaveLength(1);
  expect(answers.filter((r) => r.status === 409 && r.body.code === 'STALE')).toHaveLength(count - 1);
  return applied[0];
}
