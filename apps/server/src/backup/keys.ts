import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Keyring } from '../lib/records-cipher.js';
import { keyVersionsIn, missingKeysMessage } from './manifest.js';

/** At start: the key versions stored notes need that RECORDS_KEY lacks, in words, or undefined when none is missing. */
export async function missingRecordsKeys(db: Db, keyring: Keyring): Promise<string | undefined> {
  const needed = await keyVersionsIn({ query: async (text) => (await db.execute(sql.raw(text))) as { rows: unknown[] } });
  return missingKeysMessage(needed, keyring.keys);
}
