import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailCatcher } from '../../../server/test/mail-catcher';
import { E2E_PORT } from '../../playwright.config';

export const E2E_MAGIC_SECRET = 'e2e-magic-link-secret-0123456789';

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

  const dataDir = mkdtempSync(join(tmpdir(), 'rozmova-e2e-'));
  const root = new URL('../../../../', import.meta.url).pathname;
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      MAGIC_LINK_SECRET: E2E_MAGIC_SECRET,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
    },
  });
  const base = `http://127.0.0.1:${E2E_PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    mailbox.close();
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
