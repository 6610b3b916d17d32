import { RICH_TEXT_ALLOW_LIST } from '@rozmova/contract';
import { Piscina } from 'piscina';
import { checkMarkupShape, tooComplex } from './markup-shape.js';

/**
 * Longest a sanitising may take once the first worker has started, waiting for a free one included; markup that needs
 * longer is refused. The most complex note the limits admit takes about 0.2 s on a quiet machine.
 */
export const SANITIZE_TIMEOUT_MS = 10_000;

let pool: Piscina | undefined;
/** The first worker's start (loading jsdom: about 2 s, far more on a busy machine), which no markup is timed for. */
let started: Promise<unknown> = Promise.resolve();

/**
 * Two workers at most (each holds a jsdom window, some 60 MB), started on the first note (or by warmSanitizer) and
 * kept for ten idle minutes.
 */
function workers(): Piscina {
  if (!pool) {
    pool = new Piscina({
      filename: new URL('./sanitize-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: 2,
      idleTimeout: 10 * 60_000,
      // The worker is plain JavaScript and cannot import the contract itself.
      workerData: RICH_TEXT_ALLOW_LIST,
    });
    // A worker that cannot start fails the real task below with its own error.
    started = pool.run('').catch(() => undefined);
  }
  return pool;
}

/** Starts the first worker now (the server, once it listens), so the first note does not wait for it. */
export function warmSanitizer(): Promise<unknown> {
  workers();
  return started;
}

/**
 * The HTML reduced to the editor's allow-list, and its text (to tell whether anything visible is left). The shape is
 * checked first; the parsing runs on a worker thread, so no request waits for another's markup, and is given up
 * (the worker ended) after SANITIZE_TIMEOUT_MS.
 */
export async function sanitizeHtml(dirty: string, field: string): Promise<{ html: string; text: string }> {
  checkMarkupShape(dirty, field);
  const running = workers();
  await started;
  try {
    return await running.run(dirty, { signal: AbortSignal.timeout(SANITIZE_TIMEOUT_MS) });
  } catch (err) {
    if ((err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError') {
      throw tooComplex(field, `Took longer than ${SANITIZE_TIMEOUT_MS / 1000} s to read`);
    }
    throw err;
  }
}

/**
 * Ends the worker (the server's shutdown): nothing then keeps the process alive. A worker still loading its modules is
 * let finish first: Node 20 aborts the whole process when a worker is ended in the middle of a require of an ES module.
 */
export async function closeSanitizer(): Promise<void> {
  const current = pool;
  pool = undefined;
  await started;
  await current?.destroy();
}
