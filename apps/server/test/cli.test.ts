import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { psychologistProfiles, users } from '../src/db/schema/index.js';
import { call, uniqueEmail } from './helpers.js';
import { runScript } from './run-script.js';

const dataDir = mkdtempSync(join(tmpdir(), 'rozmova-cli-'));
let databaseUrl = '';
const pgUrl = process.env.DATABASE_URL;
const pgName = `rozmova_cli_${randomUUID().replaceAll('-', '')}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

// The CLI runs on the embedded database in a temporary DATA_DIR, or on a fresh PostgreSQL database.
beforeAll(async () => {
  if (!pgUrl) return;
  await admin(`CREATE DATABASE ${pgName}`);
  const url = new URL(pgUrl);
  url.pathname = `/${pgName}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
});

const env = () => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  JWT_SECRET: 'cli-test-secret-0123456789abcdef',
  PUBLIC_URL: 'https://rozmova.example',
  LOG_LEVEL: 'silent',
});

const cli = (...args: string[]) => runScript('src/cli.ts', args, env());

/** Opens the CLI's database (only while no CLI process holds it) with the app on top. */
async function withApp<T>(fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const config = loadConfig({ ...env(), WEB_DIST: join(dataDir, 'no-web') });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { database, logger: false });
  try {
    return await fn(app);
  } finally {
    await app.close();
    await database.close();
  }
}

describe('npm run cli', () => {
  it.each([
    ['no command', []],
    ['an unknown command', ['user:delete', '--email', 'a@b.test']],
    ['an unknown option', ['user:create', '--email', 'a@b.test', '--role', 'ADMIN', '--admin']],
    ['a missing e-mail', ['user:create', '--role', 'ADMIN']],
    ['a bad role', ['user:create', '--email', 'a@b.test', '--role', 'SUPERUSER']],
    ['a short password', ['user:create', '--email', 'a@b.test', '--role', 'ADMIN', '--password', 'short']],
    ['an option of the other command', ['magic-link:create', '--external-id', '1', '--role', 'ADMIN']],
    ['a missing external id', ['magic-link:create']],
  ])('prints the usage on stderr and exits with 2 for %s', async (_name, args) => {
    const res = await cli(...args);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Usage:');
    expect(res.stderr).toContain('user:create --email E --role ROLE');
    expect(res.stdout).toBe('');
  });

  it('creates a user, then updates it, and prints magic links that work', async () => {
    const email = uniqueEmail('staff');
    const created = await cli(
      'user:create',
      '--email',
      email,
      '--role',
      'PSYCHOLOGIST',
      '--password',
      'first-password',
      '--first-name',
      'Ivan',
      '--last-name',
      'Franko',
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(new RegExp(`^Created user #\\d+ ${email}: role PSYCHOLOGIST, password set\\n$`));

    const updated = await cli('user:create', '--email', email.toUpperCase(), '--role', 'ADMIN', '--password', 'second-password');
    expect(updated.code).toBe(0);
    expect(updated.stdout).toMatch(
      new RegExp(`^Updated user #\\d+ ${email}: role ADMIN, password set; every session of the account is ended\\n$`),
    );

    const link = await cli('magic-link:create', '--external-id', '424242');
    expect(link.code).toBe(0);
    expect(link.stdout).toMatch(/^https:\/\/rozmova\.example\/magic-login\?token=[\w-]{43}\n$/);
    const token = new URL(link.stdout.trim()).searchParams.get('token');

    await withApp(async (app) => {
      const [row] = await app.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ role: 'ADMIN', enabled: true, profileCompleted: true, firstName: 'Ivan', lastName: 'Franko' });
      // Made by staff as a psychologist: counted as checked, so patients can book them.
      const profiles = await app.db.select().from(psychologistProfiles).where(eq(psychologistProfiles.userId, row.id));
      expect(profiles.map((p) => p.verified)).toEqual([true]);

      const login = (password: string) => call(app, { method: 'POST', url: '/api/auth/login', payload: { email, password } });
      expect((await login('first-password')).status).toBe(401);
      const res = await login('second-password');
      expect(res.body).toMatchObject({ email, role: 'ROLE_ADMIN', profileCompleted: true });

      const magic = await call(app, { method: 'GET', url: `/api/magic-login?token=${token}` });
      expect(magic.status).toBe(200);
      expect(magic.body.email).toBe('tg-424242@users.rozmova.invalid');
    });
    // Three processes each open the database and apply migrations: slow on a busy machine.
  }, 180_000);

  it('creates a moderator, who signs in to the dashboard and their profile and is refused every staff call', async () => {
    const email = uniqueEmail('moderator');
    const created = await cli('user:create', '--email', email, '--role', 'MODERATOR', '--password', 'moderator-password');
    expect(created.stdout).toMatch(new RegExp(`^Created user #\\d+ ${email}: role MODERATOR, password set\\n$`));
    await withApp(async (app) => {
      const login = await call(app, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'moderator-password' },
      });
      expect(login.body).toMatchObject({ email, role: 'ROLE_MODERATOR', profileCompleted: true });
      const token = login.body.token as string;
      expect((await call(app, { method: 'GET', url: '/api/user/me', token })).body).toMatchObject({ email });
      for (const url of ['/api/admin/users', '/api/manager/profile', '/api/doctor/appointments', '/api/patient/appointments']) {
        expect([url, (await call(app, { method: 'GET', url, token })).status]).toEqual([url, 403]);
      }
    });
    // Two processes open the database and apply migrations: slow on a busy machine.
  }, 120_000);
});
