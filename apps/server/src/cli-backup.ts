import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readHeader } from './backup/file.js';
import { BackupError, createBackup, type Manifest, restoreBackup } from './backup/index.js';
import { type Config, ConfigError, environment, loadConfig } from './config.js';
import type { Database } from './db/client.js';

/** Where a command writes what it has to say: the terminal, or lines kept for an answer. */
export type Printer = { log: (text: string) => void; error: (text: string) => void };

const summary = (m: Manifest) => {
  const rows = Object.values(m.rowCounts).reduce((a, b) => a + b, 0);
  const keys = m.keyVersions.length > 0 ? m.keyVersions.join(', ') : 'none';
  return `schema ${m.schema.latest ?? 'empty'} (${m.schema.migrations} migrations), ${Object.keys(m.rowCounts).length} tables, ${rows} rows; key versions needed: ${keys}`;
};

/** `backup --out FILE` on the database the CLI opened. */
export async function backupCommand(database: Database, config: Config, out: string, print: Printer): Promise<number> {
  const target = resolve(out);
  const source = 'pglite' in database.queue ? { pglite: database.queue.pglite } : { databaseUrl: config.databaseUrl as string };
  try {
    const manifest = await createBackup(source, target);
    print.log(`Backed up to ${target}: ${summary(manifest)}`);
    print.error('The backup holds no key: keep RECORDS_KEY (or DATA_DIR/records-key) safe, and apart from the backups.');
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    print.error(err.message);
    return 1;
  }
}

/**
 * `restore --from FILE`. Run before any configuration is loaded: loading it would make up a new notes' key in an empty
 * DATA_DIR, and the restored notes would not open with it. The key must be given first when the notes need one.
 */
export async function restoreCommand(from: string): Promise<number> {
  try {
    const env = environment();
    const { manifest } = await readHeader(resolve(from));
    const keyFile = join(resolve(env.DATA_DIR || './data'), 'records-key');
    if (!env.RECORDS_KEY && !existsSync(keyFile) && manifest.keyVersions.length > 0) {
      console.error(
        `The backup's notes need RECORDS_KEY version(s) ${manifest.keyVersions.join(', ')}: set RECORDS_KEY, or put the kept records-key file at ${keyFile}, then restore`,
      );
      return 1;
    }
    const config = loadConfig(env);
    const { warning } = await restoreBackup(resolve(from), {
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      keys: config.recordsKeyring.keys,
    });
    const where = config.databaseUrl ? 'the database of DATABASE_URL' : join(config.dataDir, 'pglite');
    console.log(`Restored into ${where}: ${summary(manifest)}`);
    if (warning) console.error(warning);
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError) && !(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
}
