import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

const digestQueries = new WeakMap<FastifyInstance, Promise<SQL>>();

/**
 * Columns the background mail worker writes on its own schedule: whether a request changed data cannot depend on
 * whether a mail went out meanwhile.
 */
const DELIVERY_COLUMNS: Record<string, string[]> = {
  notifications: ['mail', 'mail_claimed_until', 'mail_attempts', 'mailed_at'],
};

/** One statement over every table of the application's schema (the migrator's bookkeeping lives in another one). */
async function digestQuery(app: FastifyInstance): Promise<SQL> {
  const { rows } = (await app.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const parts = rows.map(({ name }) => {
    const skipped = DELIVERY_COLUMNS[name];
    const row = skipped
      ? sql`(to_jsonb(t) - ${sql.raw(`array[${skipped.map((c) => `'${c}'`).join(', ')}]`)})::text`
      : sql`t::text`;
    return sql`select ${name}::text as name, count(*)::text || ':' || md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from ${sql.identifier(name)} t`;
  });
  return sql.join(parts, sql` union all `);
}

/**
 * Per table, its row count and an md5 of all its rows as text in a stable order: one round trip, cheap enough to take
 * around every request of a small test database, and any insert, update or delete changes it.
 */
export async function databaseDigest(app: FastifyInstance, skip: readonly string[] = []): Promise<Record<string, string>> {
  let query = digestQueries.get(app);
  if (!query) {
    query = digestQuery(app);
    digestQueries.set(app, query);
  }
  const { rows } = (await app.db.execute(await query)) as unknown as { rows: { name: string; digest: string }[] };
  return Object.fromEntries(rows.filter((r) => !skip.includes(r.name)).map((r) => [r.name, r.digest]));
}
