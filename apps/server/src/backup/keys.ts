import pg from 'pg';
import type { Database } from '../db/client.js';
import type { Keyring } from '../lib/records-cipher.js';
import { keyVersionsIn, missingKeysMessage } from './manifest.js';

/** At start: the key versions stored notes need that RECORDS_KEY lacks, in words, or undefined when none is missing. */
export async function missingRecordsKeys(database: Database, keyring: Keyring): Promise<string | undefined> {
  const { queue } = database;
  if ('pglite' in queue) return missingKeysMessage(await keyVersionsIn(queue.pglite), keyring.keys);
  const client = new pg.Client({ connectionString: queue.connectionString });
  await client.connect();
  try {
    return missingKeysMessage(await keyVersionsIn(client), keyring.keys);
  } finally {
    await client.end();
  }
}
