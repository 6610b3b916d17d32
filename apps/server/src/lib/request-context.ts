import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work was caused by, carried through its async calls: the jobs it queues keep the id in their
 * data and run under it again, so the request's log line, its jobs' lines and its mails share one `reqId`.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** Runs `fn` as caused by the request (nothing changes without an id). */
export const withRequestId = <T>(requestId: string | undefined, fn: () => T): T =>
  requestId ? storage.run({ requestId }, fn) : fn();
