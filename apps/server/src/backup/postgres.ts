import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { BackupError, dumpStream, headerOf } from './file.js';
import { countDifferences, type Manifest, readManifest } from './manifest.js';

/** The URL without its password, which goes to the tools through PGPASSWORD instead of their command line. */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

/** Runs a PostgreSQL tool; resolves when it exits with 0, else rejects with what it printed. */
function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  io: { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: [io.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    const stdout = child.stdout as Readable;
    let out = '';
    let err = '';
    if (io.stdin && child.stdin) io.stdin.pipe(child.stdin);
    if (io.stdout) stdout.pipe(io.stdout, { end: false });
    else stdout.on('data', (c) => (out += c));
    (child.stderr as Readable).on('data', (c) => (err += c));
    child.on('error', (e) =>
      reject(new BackupError(`${command} could not start (${e.message}): install the PostgreSQL client tools`)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new BackupError(`${command} failed (exit ${code}):\n${err.trim()}`)),
    );
  });
}

const major = (text: string) => Number(/(\d+)/.exec(text)?.[1]);

/** pg_dump must be at least the server's major version, or it refuses the dump. */
async function checkToolVersion(client: pg.Client, env: NodeJS.ProcessEnv) {
  const tool = major((await runTool('pg_dump', ['--version'], env)).replace(/^\D+/, ''));
  const [{ server_version_num: num }] = (await client.query('SHOW server_version_num')).rows;
  const server = Math.floor(Number(num) / 10000);
  if (!(tool >= server))
    throw new BackupError(`pg_dump is version ${tool}, the server ${server}: install pg_dump ${server} or newer`);
}

/**
 * pg_dump in its custom format, reading the snapshot of a transaction that also counts the rows: the manifest and
 * the dump describe the same moment while the server goes on writing.
 */
export async function backupPostgres(databaseUrl: string, out: string): Promise<Manifest> {
  const { url, env } = connection(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const partial = `${out}.partial`;
  try {
    await checkToolVersion(client, env);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (await client.query('SELECT pg_export_snapshot() AS snapshot')).rows;
    const manifest = await readManifest(client, 'postgres');
    await writeFile(partial, headerOf(manifest), { mode: 0o600 });
    const sink = createWriteStream(partial, { flags: 'a' });
    await runTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--no-privileges', `--dbname=${url}`],
      env,
      {
        stdout: sink,
      },
    );
    await new Promise<void>((resolve, reject) => sink.end((err?: Error | null) => (err ? reject(err) : resolve())));
    await client.query('COMMIT');
    await rename(partial, out);
    return manifest;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    await client.end();
  }
}

/** Restores into the database of DATABASE_URL, which must hold no table yet, and checks the rows against the manifest. */
export async function restorePostgres(file: string, dumpOffset: number, manifest: Manifest, databaseUrl: string) {
  const { url, env } = connection(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ n }] = (
      await client.query(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
      )
    ).rows;
    if (n > 0) {
      throw new BackupError(
        `The database of DATABASE_URL holds ${n} table(s) already: restore only into an empty database (CREATE DATABASE …)`,
      );
    }
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`],
      env,
      {
        stdin: dumpStream(file, dumpOffset),
      },
    );
    const restored = await readManifest(client, 'postgres');
    const differences = countDifferences(manifest.rowCounts, restored.rowCounts);
    if (differences.length > 0)
      throw new BackupError(`The restored rows differ from the backup's:\n  ${differences.join('\n  ')}`);
  } finally {
    await client.end();
  }
}
