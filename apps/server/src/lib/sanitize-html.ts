import { RICH_TEXT_ALLOW_LIST } from '@rozmova/contract';
import { Piscina } from 'piscina';
import { FairQueue } from './fair-queue.js';
import { MARKUP_LIMITS, type MarkupShape, refuseOverLimits, tooComplex } from './markup-shape.js';

/**
 * Longest a sanitising may take once the first worker has started, waiting for its turn and a worker included; markup
 * that needs longer is refused. The most complex note the limits admit takes about 0.2 s on a quiet machine.
 */
export const SANITIZE_TIMEOUT_MS = 10_000;

const WORKERS = 2;
/**
 * One task at a time per account, in turns with other accounts, so that one account's backlog of heavy notes holds
 * at most one worker and never stands before another account's note.
 */
const turns = new FairQueue<number>(WORKERS, 1);

/** What each worker is handed: the allow-list and the markup limits (the worker cannot import the contract itself). */
export const SANITIZER_DATA = { allow: RICH_TEXT_ALLOW_LIST, limits: MARKUP_LIMITS };

let pool: Piscina | undefined;
/** The workers' start (loading jsdom: about 2 s, far more on a busy machine), which no markup is timed for. */
let started: Promise<unknown> = Promise.resolve();

/**
 * Two workers (each holds a jsdom window, some 60 MB), started together on the first note (or by warmSanitizer) and
 * again on the first note after they have ended, ten idle minutes on. Both are ready before any note is given out:
 * piscina holds a task for a worker it is still starting, and one account's note would wait out that start behind
 * another's turn.
 */
function workers(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./sanitize-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: WORKERS,
    idleTimeout: 10 * 60_000,
    workerData: SANITIZER_DATA,
  });
  const current = pool;
  if (current.threads.length < WORKERS && turns.size().running === 0) {
    // A worker that cannot start fails the real task with its own error.
    started = Promise.all(Array.from({ length: WORKERS }, () => current.run(''))).catch(() => undefined);
  }
  return current;
}

/** Starts the workers now (the server, once it listens), so the first note does not wait for them. */
export function warmSanitizer(): Promise<unknown> {
  workers();
  return started;
}

type Sanitized = { html: string; text: string };

/**
 * The HTML reduced to the editor's allow-list, and its text (to tell whether anything visible is left). Both the shape
 * check (markup deeper or larger than the editor makes is refused, 400) and the sanitising run on a worker thread, in
 * the account's turn (`account`: the user who writes), so no request waits for another account's markup and the
 * requests' thread parses none; given up (the worker ended) after SANITIZE_TIMEOUT_MS.
 */
export async function sanitizeHtml(dirty: string, field: string, account: number): Promise<Sanitized> {
  const running = workers();
  await started;
  const signal = AbortSignal.timeout(SANITIZE_TIMEOUT_MS);
  try {
    const done: Sanitized | { shape: MarkupShape } = await turns.run(account, () => running.run(dirty, { signal }), signal);
    if ('shape' in done) {
      refuseOverLimits(done.shape, field);
      throw new Error('the sanitiser answered a shape within the limits');
    }
    return done;
  } catch (err) {
    if ((err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError') {
      throw tooComplex(field, `Took longer than ${SANITIZE_TIMEOUT_MS / 1000} s to read`);
    }
    throw err;
  }
}

/**
 * Ends the workers (the server's shutdown): nothing then keeps the process alive. A worker still loading its modules is
 * let finish first: Node 20 aborts the whole process when a worker is ended in the middle of a require of an ES module.
 */
export async function closeSanitizer(): Promise<void> {
  const current = pool;
  pool = undefined;
  await started;
  await current?.destroy();
}
