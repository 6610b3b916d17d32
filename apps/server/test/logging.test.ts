import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestContext, uniqueEmail } from './helpers.js';

type LogLine = { level: number; msg: string; url?: string; statusCode?: number; [key: string]: unknown };
const INFO = 30;

let ctx: TestContext;
let lines: LogLine[] = [];
const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
const atInfo = () => lines.filter((l) => l.level >= INFO);

// The app as `npm start` runs it without SMTP_URL: mail goes to the log, which this file reads.
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'rozmova-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Rozmova</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  ctx = await buildTestApp({ WEB_DIST: dist, SMTP_URL: '', LOG_LEVEL: 'info' }, { logStream });
});
afterAll(() => ctx.close());
beforeEach(() => {
  lines = [];
});

describe('request logging', () => {
  it('writes nothing at info for static files and page loads', async () => {
    for (const url of ['/assets/index-abc123.js', '/', '/patient/doctors?tab=x']) {
      expect((await call(ctx.app, { method: 'GET', url })).status).toBe(200);
    }
    expect(atInfo()).toEqual([]);
  });

  it('writes one line per API request, without query values that could carry a token', async () => {
    const token = 'secret-magic-token-0123456789abcdef0123456';
    const res = await call(ctx.app, { method: 'GET', url: `/api/magic-login?token=${token}` });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(atInfo()).toHaveLength(1);
    expect(atInfo()[0]).toMatchObject({
      msg: 'request completed',
      method: 'GET',
      url: '/api/magic-login?token=…',
      statusCode: res.status,
    });
    expect(typeof atInfo()[0].responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});

describe('mail without an SMTP server', () => {
  it('logs the code as one readable line that signs in, and keeps the mail text out of info', async () => {
    const email = uniqueEmail('maria');
    const res = await call(ctx.app, { method: 'POST', url: '/api/auth/email/request-code', payload: { email } });
    expect(res.status).toBe(200);
    const codeLines = atInfo().filter((l) => l.msg.startsWith('Sign-in code'));
    expect(codeLines).toHaveLength(1);
    const code = codeLines[0].msg.match(new RegExp(`^Sign-in code for ${email}: (\\d{6}) \\(valid 10 minutes\\)$`))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(atInfo())).not.toContain('Rozmova team');

    const verified = await call(ctx.app, { method: 'POST', url: '/api/auth/email/verify-code', payload: { email, code } });
    expect(verified.status).toBe(200);
  });
});
