import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailCatcher } from '../../../server/test/mail-catcher';
import { E2E_PORT } from '../../playwright.config';

export const E2E_MAGIC_SECRET = 'e2e-magic-link-secret-0123456789';

/** Staff the CLI makes for the e2e run, besides the seeded demo admin and manager. */
export const E2E_STAFF = [
  {
    email: 'second-manager@example.test',
    role: 'MANAGER',
    password: 'e2e-manager-password-2',
    firstName: 'Marta',
    lastName: 'Second',
  },
  // Staff whose names the XSS suite fills with hostile text, apart from the staff other tests read.
  { email: 'xss-manager@example.test', role: 'MANAGER', password: 'e2e-xss-manager-pw', firstName: 'Xss', lastName: 'Manager' },
  { email: 'xss-admin@example.test', role: 'ADMIN', password: 'e2e-xss-admin-password', firstName: 'Xss', lastName: 'Admin' },
  // An admin no other test signs in: their first sign-in (from Berlin) gives them a zone (staff-zone.spec.ts).
  { email: 'berlin-admin@example.test', role: 'ADMIN', password: 'e2e-berlin-admin-pw', firstName: 'Bea', lastName: 'Berlin' },
  {
    email: 'moderator@example.test',
    role: 'MODERATOR',
    password: 'e2e-moderator-password',
    firstName: 'Olha',
    lastName: 'Moderova',
  },
] as const;

/** The built CLI, as `npm run cli` runs it. */
const CLI_ENTRY = 'apps/server/dist/cli.mjs';

/**
 * Starts a real SMTP catcher (readable by the test workers over HTTP) and the server exactly as
 * `npm start` starts it, on a fresh embedded database.
 */
export default async function globalSetup() {
  const mail = await startMailCatcher();
  const mailbox = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const email = url.searchParams.get('email') ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mail.mailsTo(email).map((m) => m.text)));
  });
  await new Promise<void>((r) => mailbox.listen(0, '127.0.0.1', r));
  process.env.MAILBOX_URL = `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`;
  // For tests that start a server of their own: it mails to the same catcher.
  process.env.E2E_SMTP_URL = mail.url;

  const dataDir = mkdtempSync(join(tmpdir(), 'rozmova-e2e-'));
  const root = new URL('../../../../', import.meta.url).pathname;
  const env = {
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    MAGIC_LINK_SECRET: E2E_MAGIC_SECRET,
    PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    // The test workers make their users as if from many addresses (support/users.ts), through this "proxy".
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    // Staff journeys sign in with the password alone; the two-step journeys turn it on for their own accounts.
    MFA_REQUIRED_ROLES: '',
  };
  // The first start (which also builds the server) seeds the demo accounts; staff beyond them are made with the built
  // CLI, as operators make them, which the embedded database admits only while the server is stopped.
  await stopServer(await startServer(root, env));
  for (const s of E2E_STAFF) {
    const args = ['user:create', '--email', s.email, '--role', s.role, '--password', s.password];
    const made = spawnSync(process.execPath, [CLI_ENTRY, ...args, '--first-name', s.firstName, '--last-name', s.lastName], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (made.status !== 0) throw new Error(`cli user:create ${s.email}: ${made.stderr}`);
  }
  // A copy of the stopped, migrated and seeded database, for tests that start a server of their own: migrating an
  // empty one would add seconds to each of their starts.
  const template = mkdtempSync(join(tmpdir(), 'rozmova-e2e-template-'));
  cpSync(dataDir, template, { recursive: true });
  process.env.E2E_DATA_TEMPLATE = template;
  const server = await startServer(root, env);

  return async () => {
    await stopServer(server);
    mailbox.close();
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(template, { recursive: true, force: true });
  };
}

/** A data folder of its own for a test's own server: a copy of the seeded database the run's server started on. */
export function ownDataDir(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), `rozmova-${tag}-`));
  cpSync(process.env.E2E_DATA_TEMPLATE ?? '', dir, { recursive: true });
  return dir;
}

/** A port no one listens on now, for a test that starts a server of its own. */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/** The environment of a server a test starts for itself: its own port and embedded database (`ownDataDir`), mail to the catcher. */
export const ownServerEnv = (port: number, dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SMTP_URL: process.env.E2E_SMTP_URL,
  MAGIC_LINK_SECRET: E2E_MAGIC_SECRET,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  TRUST_PROXY: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  REDIS_URL: '',
  SEED_DEMO: 'true',
  MFA_REQUIRED_ROLES: '',
});

/**
 * The built server's own entry (as `npm start` runs it, which has built it by the time tests run), without the start
 * script between: a signal sent to it reaches the server itself.
 */
export const SERVER_ENTRY = ['apps/server/dist/main.mjs'];

/** Starts the server exactly as `npm start` starts it (or from `args`) and waits until it answers on env.PORT. */
export async function startServer(root: string, env: NodeJS.ProcessEnv, args = ['scripts/start.mjs']): Promise<ChildProcess> {
  const server = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env });
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}
