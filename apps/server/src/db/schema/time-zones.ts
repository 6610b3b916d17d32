import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The zone names this database was shown to know: the contract's list, each name only once pg_timezone_names listed
 * it (migration 0017, then every start). Accounts' zones reference it, so SQL is never handed a name it would refuse.
 */
export const timeZones = pgTable('time_zones', {
  name: text('name').primaryKey(),
});
