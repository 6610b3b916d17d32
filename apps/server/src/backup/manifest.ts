import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../db/client.js';

/** What a backup holds, written beside the dump: enough to check a restore and the keys it needs, never a key. */
export type Manifest = {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Migrations applied to the backed-up database, and the last one's name. */
  schema: { migrations: number; latest: string | null };
  /** Rows per table, `schema.table`, at the moment of the dump. */
  rowCounts: Record<string, number>;
  /** The RECORDS_KEY versions the sealed rows (notes, documents, measures…) need to open. */
  keyVersions: number[];
};

/** A connection to query: a PGlite instance or a node-postgres client, both answer `query(text)` with rows. */
export type Queryable = { query: (text: string) => Promise<{ rows: unknown[] }> };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Journal = { entries: { tag: string; when: number }[] };
export const journal = (): Journal => JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));

/** Counts rows, key versions and migrations of the database as the connection sees it (one snapshot when in a transaction). */
export async function readManifest(db: Queryable, database: Manifest['database']): Promise<Manifest> {
  const tables = (
    await db.query(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
     ORDER BY 1, 2`,
    )
  ).rows as { schema: string; name: string }[];
  const rowCounts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = (await db.query(`SELECT count(*)::int AS n FROM ${ident(t.schema)}.${ident(t.name)}`)).rows as { n: number }[];
    rowCounts[`${t.schema}.${t.name}`] = row.n;
  }
  return {
    format: 1,
    createdAt: new Date().toISOString(),
    database,
    schema: await schemaVersion(db, tables),
    rowCounts,
    keyVersions: await keyVersionsIn(db),
  };
}

async function schemaVersion(db: Queryable, tables: { schema: string; name: string }[]): Promise<Manifest['schema']> {
  if (!tables.some((t) => t.schema === 'drizzle' && t.name === '__drizzle_migrations')) return { migrations: 0, latest: null };
  const [row] = (await db.query('SELECT count(*)::int AS n, max(created_at)::text AS last FROM drizzle.__drizzle_migrations'))
    .rows as { n: number; last: string | null }[];
  const latest = journal().entries.find((e) => String(e.when) === row.last)?.tag ?? null;
  return { migrations: row.n, latest };
}

/** Every key version a sealed column of the public schema holds (columns named key_version or *_key_version). */
export async function keyVersionsIn(db: Queryable): Promise<number[]> {
  const columns = (
    await db.query(
      `SELECT table_name AS table, column_name AS column FROM information_schema.columns
     WHERE table_schema = 'public' AND column_name LIKE '%key\\_version' ORDER BY 1, 2`,
    )
  ).rows as { table: string; column: string }[];
  const versions = new Set<number>();
  for (const c of columns) {
    const rows = (
      await db.query(
        `SELECT DISTINCT ${ident(c.column)}::int AS v FROM public.${ident(c.table)} WHERE ${ident(c.column)} IS NOT NULL`,
      )
    ).rows as { v: number }[];
    for (const r of rows) versions.add(r.v);
  }
  return [...versions].sort((a, b) => a - b);
}

/** The versions `needed` that the keyring lacks, in words for the operator, or undefined when none is missing. */
export function missingKeysMessage(needed: number[], have: ReadonlyMap<number, unknown>): string | undefined {
  const missing = needed.filter((v) => !have.has(v));
  if (missing.length === 0) return undefined;
  const list = missing.map((v) => `version ${v}`).join(', ');
  return `RECORDS_KEY lacks the key ${list} that stored notes were sealed with: those notes will not open until RECORDS_KEY holds it (as ${missing[0]}:<key>,…)`;
}

/** Tables whose counts differ between two manifests' row counts, in words. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names]
    .filter((n) => expected[n] !== actual[n])
    .map((n) => `${n}: ${expected[n] ?? 'absent'} in the backup, ${actual[n] ?? 'absent'} restored`);
}
