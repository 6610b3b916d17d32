import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../db/client.js';
import { BackupError, headerOf } from './file.js';
import { countDifferences, type Manifest, readManifest } from './manifest.js';

/**
 * PGlite's own dump of its data directory, taken between two statements: a transaction in flight is left out, as
 * recovery after a crash would. The manifest is read from that very dump, opened in memory, so its counts are the
 * backup's and a dump that does not open is never written.
 */
export async function backupPglite(client: PGlite, out: string): Promise<Manifest> {
  const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  const copy = new PGlite({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
  let manifest: Manifest;
  try {
    manifest = await readManifest(copy, 'pglite');
  } finally {
    await copy.close();
  }
  const partial = `${out}.partial`;
  await writeFile(partial, Buffer.concat([headerOf(manifest), dump]), { mode: 0o600 });
  await rename(partial, out);
  return manifest;
}

/** The embedded database's folder in DATA_DIR. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

/** Unpacks the dump into DATA_DIR/pglite, which must be missing or empty, and checks the rows against the manifest. */
export async function restorePglite(file: string, dumpOffset: number, manifest: Manifest, dataDir: string): Promise<void> {
  const dir = pgliteDir(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupError(`${dir} holds a database already: restore only into an empty data directory`);
  }
  const dump = (await readFile(file)).subarray(dumpOffset);
  mkdirSync(dir, { recursive: true });
  try {
    const client = new PGlite(dir, { loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
    try {
      const restored = await readManifest(client, 'pglite');
      const differences = countDifferences(manifest.rowCounts, restored.rowCounts);
      if (differences.length > 0)
        throw new BackupError(`The restored rows differ from the backup's:\n  ${differences.join('\n  ')}`);
      await client.query('CHECKPOINT');
    } finally {
      await client.close();
    }
  } catch (err) {
    // Left half made, the folder would be refused by the next try.
    rmSync(dir, { recursive: true, force: true });
    if (err instanceof BackupError) throw err;
    throw new BackupError(`The backup's database did not open: ${(err as Error).message}`);
  }
}
