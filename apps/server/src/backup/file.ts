import { createReadStream, type ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Manifest } from './manifest.js';

/**
 * A backup is one file: a first line naming the format, a second line with the manifest as JSON (so `head -2` shows
 * it), then the database's own dump: PGlite's data directory as a gzipped tar, or pg_dump's custom format.
 */
const MAGIC = 'ROZMOVA-BACKUP 1';
const HEADER_MAX = 1024 * 1024;

export class BackupError extends Error {}

export const headerOf = (manifest: Manifest) => Buffer.from(`${MAGIC}\n${JSON.stringify(manifest)}\n`, 'utf8');

/** Reads the manifest and where the dump starts; refuses a file that is not a backup. */
export async function readHeader(file: string): Promise<{ manifest: Manifest; dumpOffset: number }> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    throw new BackupError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    const buf = Buffer.alloc(HEADER_MAX);
    const { bytesRead } = await handle.read(buf, 0, HEADER_MAX, 0);
    const head = buf.subarray(0, bytesRead);
    const first = head.indexOf(10);
    const second = first < 0 ? -1 : head.indexOf(10, first + 1);
    if (first < 0 || second < 0 || head.subarray(0, first).toString('utf8') !== MAGIC) {
      throw new BackupError(`${file} is not a Rozmova backup`);
    }
    let manifest: Manifest;
    try {
      manifest = JSON.parse(head.subarray(first + 1, second).toString('utf8'));
    } catch {
      throw new BackupError(`${file}: its manifest is damaged`);
    }
    return { manifest, dumpOffset: second + 1 };
  } finally {
    await handle.close();
  }
}

export const dumpStream = (file: string, offset: number): ReadStream => createReadStream(file, { start: offset });
