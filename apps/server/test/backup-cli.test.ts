import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports.js';
import { runScript, spawnScript } from './run-script.js';

const dir = mkdtempSync(join(tmpdir(), 'rozmova-backup-cli-'));
const pgUrl = process.env.DATABASE_URL;
const names = [`rozmova_bcli_${randomUUID().replaceAll('-', '')}`, `rozmova_bcli_${randomUUID().replaceAll('-', '')}`];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}
const urlOf = (name: string) => {
  const url = new URL(pgUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
};

beforeAll(async () => {
  if (pgUrl) for (const name of names) await admin(`CREATE DATABASE ${name}`);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (pgUrl) for (const name of names) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

/** The CLI on the embedded database of `dataDir`, or on the PostgreSQL database `name`. */
const cli = (place: number, ...args: string[]) =>
  runScript('src/cli.ts', args, {
    DATA_DIR: join(dir, `data-${place}`),
    DATABASE_URL: pgUrl ? urlOf(names[place]) : '',
    RECORDS_KEY: Buffer.alloc(32, 3).toString('base64'),
    LOG_LEVEL: 'silent',
  });

describe('npm run cli -- backup / restore', () => {
  it('backs up, restores into an empty place and refuses one that holds a database', async () => {
    const file = join(dir, 'nightly.backup');
    const made = await cli(
      0,
      'user:create',
      '--email',
      'backed-up@example.test',
      '--role',
      'ADMIN',
      '--password',
      'a-long-password',
    );
    expect(made.code).toBe(0);
    const backup = await cli(0, 'backup', '--out', file);
    expect(backup.stderr).toContain('keep RECORDS_KEY');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up to .*nightly\.backup: schema \d{4}_\w+ \(\d+ migrations\), \d+ tables, \d+ rows/);
    const manifest = JSON.parse(readFileSync(file).toString('latin1').split('\n')[1]);
    expect(manifest.rowCounts['public.users']).toBeGreaterThanOrEqual(1);

    const restored = await cli(1, 'restore', '--from', file);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(/^Restored into .*: schema \d{4}_\w+/);
    expect(restored.code).toBe(0);
    // The restored place is a database now: a second restore over it is refused, and it is left as it was.
    const again = await cli(1, 'restore', '--from', file);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/empty/);
    // The restored database serves the CLI as the original did: the account is there.
    const updated = await cli(1, 'user:create', '--email', 'backed-up@example.test', '--role', 'ADMIN');
    expect(updated.stdout).toMatch(/^Updated user #\d+ backed-up@example.test/);
  }, 240_000);

  it('says what is wrong with a missing option or a file that is not a backup', async () => {
    const usage = await cli(0, 'backup');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--out');
    const junk = await cli(2, 'restore', '--from', join(dir, 'missing.backup'));
    expect(junk.code).toBe(1);
    expect(junk.stderr).toMatch(/Cannot read/);
  }, 60_000);

  it('runs through a server that holds the embedded database: a new user and a backup while it serves', async () => {
    // Always the embedded database here: PostgreSQL takes other processes as it is.
    const live = { DATA_DIR: join(dir, 'live'), DATABASE_URL: '', RECORDS_KEY: Buffer.alloc(32, 4).toString('base64') };
    const port = await freePort();
    const server = spawnScript('src/main.ts', [], { ...live, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    const exited = new Promise<number | null>((done) => server.once('exit', done));
    try {
      await new Promise<void>((up, failed) => {
        let printed = '';
        server.stdout.on('data', (chunk) => {
          printed += chunk;
          if (printed.includes('Rozmova is running')) up();
        });
        void exited.then((code) => failed(new Error(`the server ended (${code}) before it listened`)));
      });
      const made = await runScript(
        'src/cli.ts',
        ['user:create', '--email', 'live@example.test', '--role', 'ADMIN', '--password', 'a-long-password'],
        live,
      );
      expect([made.code, made.stdout]).toEqual([0, expect.stringMatching(/^Created user #\d+ live@example.test/)]);
      // The server knows the account at once: it made it.
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'live@example.test', password: 'a-long-password' }),
      });
      expect(login.status).toBe(200);
      const file = join(dir, 'live.backup');
      const backup = await runScript('src/cli.ts', ['backup', '--out', file], live);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/^Backed up to .*live\.backup: schema/);
      expect(JSON.parse(readFileSync(file).toString('latin1').split('\n')[1]).rowCounts['public.users']).toBeGreaterThanOrEqual(
        1,
      );
      // A second server on the same folder would open the same files: it stops before it does.
      const twin = await runScript('src/main.ts', [], { ...live, PORT: String(await freePort()), HOST: '127.0.0.1' });
      expect([twin.code, twin.stderr]).toEqual([1, expect.stringContaining('Another server is running on')]);
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The backup restores, and holds the account made through the server.
      const restoredTo = { ...live, DATA_DIR: join(dir, 'live-restored') };
      expect((await runScript('src/cli.ts', ['restore', '--from', file], restoredTo)).code).toBe(0);
      const found = await runScript('src/cli.ts', ['user:create', '--email', 'live@example.test', '--role', 'ADMIN'], restoredTo);
      expect(found.stdout).toMatch(/^Updated user #\d+ live@example.test/);
    } finally {
      server.kill('SIGKILL');
    }
  }, 240_000);
});
