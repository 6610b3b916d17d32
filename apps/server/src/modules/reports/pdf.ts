import { createHash } from 'node:crypto';
import { Piscina } from 'piscina';
import { AppError } from '../../lib/errors.js';
import { PdfCache } from './pdf-cache.js';

/**
 * Longest a PDF may take from the request, waiting behind others included, once the worker has started; the largest
 * report the limits admit (some 60 pages) takes about a second on a quiet machine.
 */
export const PDF_TIMEOUT_MS = 20_000;
/** PDFs waiting or being made at once; past this the caller is asked to come back rather than queued for nothing. */
const MAX_PENDING = 16;
/** Made PDFs kept, the least recently asked for going first: a large report's file is a few hundred KB. */
const CACHE_BYTES = 64 * 1024 * 1024;

const tooSlow = () => new AppError(503, 'UNAVAILABLE', 'The PDF took too long to make. Please try again later');
const busy = () => new AppError(503, 'UNAVAILABLE', 'Too many PDFs are being made. Please try again in a moment');

let timeLimitMs = PDF_TIMEOUT_MS;
/** Shortens the time limit (tests: nothing can be made within a millisecond); without a value, back to the default. */
export function setPdfTimeLimit(ms = PDF_TIMEOUT_MS): void {
  timeLimitMs = ms;
}

let pool: Piscina | undefined;
/** The worker's start (loading jsdom and pdfkit: about 2 s, far more on a busy machine), which no PDF is timed for. */
let started: Promise<unknown> = Promise.resolve();
const pending = new Set<Promise<unknown>>();
const cache = new PdfCache(CACHE_BYTES);

/**
 * One worker (some 100 MB with jsdom and pdfkit), started with the first PDF and kept for ten idle minutes: PDFs wait
 * their turn rather than take the second core from the requests. A PDF past its time is never ended from outside
 * (Node 20 aborts the process when a worker is ended while it loads modules): the worker gives it up itself.
 */
function workers(): Piscina {
  if (!pool) {
    pool = new Piscina({
      filename: new URL('./pdf-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 10 * 60_000,
    });
    started = pool.run(null).catch(() => undefined);
  }
  return pool;
}

export type PdfInput = { html: string; author: string; footer: string };

async function render(input: PdfInput): Promise<Buffer> {
  if (pending.size >= MAX_PENDING) throw busy();
  const running = workers();
  await started;
  const task: Promise<Uint8Array | null> = running.run({ ...input, deadline: Date.now() + timeLimitMs });
  pending.add(task);
  const settled = () => pending.delete(task);
  task.then(settled, settled);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow()), timeLimitMs);
  });
  try {
    const data = await Promise.race([task, late]);
    if (!data) throw tooSlow();
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A report note's rich text as an A4 PDF with `footer` at its foot, made on the worker thread within the time limit
 * (else 503), and kept: the same note version, author and footer are answered again without making it anew.
 */
export function reportPdf(input: PdfInput): Promise<Buffer> {
  const key = createHash('sha256')
    .update(JSON.stringify([input.html, input.author, input.footer]))
    .digest('base64');
  return cache.get(key, () => render(input));
}

/**
 * Ends the worker (the server's shutdown) once the PDFs under way are done or given up, so that none is ended while it
 * loads its modules; nothing then keeps the process alive.
 */
export async function closePdfRenderer(): Promise<void> {
  const current = pool;
  pool = undefined;
  await started;
  await Promise.allSettled([...pending]);
  await current?.destroy();
}
