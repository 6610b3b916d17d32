import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** Every table of the application's schema (the migrator's own bookkeeping lives in another schema). */
async function tableNames(app: FastifyInstance): Promise<string[]> {
  const { rows } = (await app.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  return rows.map((r) => r.name);
}

/**
 * Per table, its row count and an md5 of all its rows as text in a stable order: cheap enough to take around every
 * request of a small test database, and any insert, update or delete changes it.
 */
export async function databaseDigest(app: FastifyInstance, skip: readonly string[] = []): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const name of await tableNames(app)) {
    if (skip.includes(name)) continue;
    const table = sql.identifier(name);
    const { rows } = (await app.db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`,
    )) as unknown as { rows: { n: number; h: string }[] };
    digest[name] = `${rows[0].n}:${rows[0].h}`;
  }
  return digest;
}
