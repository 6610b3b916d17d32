import type { PGlite } from '@electric-sql/pglite';
import { BackupError, readHeader } from './file.js';
import { journal, type Manifest, missingKeysMessage } from './manifest.js';
import { backupPglite, restorePglite } from './pglite.js';
import { backupPostgres, restorePostgres } from './postgres.js';

export { BackupError } from './file.js';
export type { Manifest } from './manifest.js';

/** Backs up the database the server uses: the open embedded one, or PostgreSQL at `databaseUrl`. */
export function createBackup(source: { pglite: PGlite } | { databaseUrl: string }, out: string): Promise<Manifest> {
  return 'pglite' in source ? backupPglite(source.pglite, out) : backupPostgres(source.databaseUrl, out);
}

/**
 * Restores a backup into an empty place: DATA_DIR's embedded database, or the database of `databaseUrl`. Answers the
 * manifest and, when the keyring lacks a key version the notes need, a warning naming it.
 */
export async function restoreBackup(
  from: string,
  target: { dataDir: string; databaseUrl?: string; keys: ReadonlyMap<number, unknown> },
): Promise<{ manifest: Manifest; warning?: string }> {
  const { manifest, dumpOffset } = await readHeader(from);
  const known = journal().entries.length;
  if (manifest.schema.migrations > known) {
    throw new BackupError(
      `The backup's schema has ${manifest.schema.migrations} migrations (last ${manifest.schema.latest}), this version of the server ${known}: restore it with a version at least as new`,
    );
  }
  if (manifest.database === 'pglite' && target.databaseUrl) {
    throw new BackupError('This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR');
  }
  if (manifest.database === 'postgres' && !target.databaseUrl) {
    throw new BackupError('This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it');
  }
  if (target.databaseUrl) await restorePostgres(from, dumpOffset, manifest, target.databaseUrl);
  else await restorePglite(from, dumpOffset, manifest, target.dataDir);
  return { manifest, warning: missingKeysMessage(manifest.keyVersions, target.keys) };
}
