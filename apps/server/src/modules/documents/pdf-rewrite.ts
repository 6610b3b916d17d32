import { Piscina } from 'piscina';
import { unreadable } from './pdf.js';

let pool: Piscina | undefined;
const running = new Set<Promise<unknown>>();

/**
 * One worker (pdf-lib), started with the first PDF and kept for ten idle minutes; how many files are read at once is
 * the decode gate's to say (upload.ts), so this thread only keeps the parsing off the requests' thread.
 */
function worker(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./pdf-rewrite-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 10 * 60_000,
  });
  return pool;
}

/**
 * Writes an uploaded PDF anew from what a parser read of it, without anything that could run or open a file in an
 * admin's viewer (pdf-rewrite-worker.mjs says what goes); 400 DOCUMENT_UNREADABLE when it cannot be read or has no page.
 */
export async function rewritePdf(data: Buffer): Promise<Buffer> {
  const task: Promise<Uint8Array | { unreadable: string }> = worker().run(data);
  running.add(task);
  const settled = () => running.delete(task);
  task.then(settled, settled);
  const done = await task;
  if ('unreadable' in done) throw unreadable(done.unreadable);
  return Buffer.from(done.buffer, done.byteOffset, done.byteLength);
}

/**
 * Ends the worker (the server's shutdown), so nothing keeps the process alive; files being read are let finish first
 * (Node 20 aborts the process when a worker is ended in the middle of loading its modules).
 */
export async function closePdfRewriter(): Promise<void> {
  const current = pool;
  pool = undefined;
  await Promise.allSettled([...running]);
  await current?.destroy();
}
