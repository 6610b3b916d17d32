import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password.js';
import { createPatient, createUser } from './factories.js';
import { buildTestApp, call, MAGIC_SECRET, type TestContext, uniqueEmail } from './helpers.js';
import { needsRedis, REDIS_URL } from './redis.js';

// The same limits with the counters in this process and in Redis (as several processes keep them). Each Redis run
// names its own keys (they are named after the deployment's database or data folder), so runs never share counters.
const stores: [string, () => Record<string, string>][] = [['in memory', () => ({})]];
if (await needsRedis('rate-limit')) {
  stores.push(['in Redis', () => ({ REDIS_URL, DATA_DIR: join(tmpdir(), `rozmova-test-${randomUUID()}`) })]);
}

let lastOctet = 0;
const freshIp = () => `10.3.${Math.floor(++lastOctet / 250)}.${(lastOctet % 250) + 1}`;

const requestCode = (app: TestContext['app'], email: string, ip = freshIp()) =>
  call(app, { method: 'POST', url: '/api/auth/email/request-code', payload: { email }, remoteAddress: ip });

function expectLimited(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({
    statusCode: 429,
    code: 'RATE_LIMITED',
    message: expect.stringMatching(/Try again in \d+ seconds/),
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

describe.each(stores)('counters kept %s', (_store, env) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(env());
  });
  afterAll(() => ctx.close());
  const login = (email: string, password: string, ip = freshIp()) =>
    call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  describe("the messaging bot's secret", () => {
    const createLink = (secret: string, ip: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/integrations/messaging/magic-link',
        headers: { 'x-magic-link-secret': secret },
        payload: { externalId: '77' },
        remoteAddress: ip,
      });

    it('allows 20 wrong secrets per client in 15 minutes; then even the right one waits', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) expect((await createLink(`wrong-${i}`, ip)).status).toBe(401);
      expectLimited(await createLink(MAGIC_SECRET, ip));
      expect((await createLink(MAGIC_SECRET, freshIp())).status).toBe(200);
    });
  });

  describe('code requests', () => {
    it('allow 5 mails per address in 15 minutes, from any client', async () => {
      const email = uniqueEmail();
      for (let i = 0; i < 5; i++) expect((await requestCode(ctx.app, email)).status).toBe(200);
      expectLimited(await requestCode(ctx.app, email));
      expect(ctx.mail.mailsTo(email)).toHaveLength(5);
      expect((await requestCode(ctx.app, uniqueEmail())).status).toBe(200);
    });

    it('let exactly 5 of 20 requests sent at once through, and refuse the rest without counting them for the client', async () => {
      const email = uniqueEmail();
      const ip = freshIp();
      const answers = await Promise.all(Array.from({ length: 20 }, () => requestCode(ctx.app, email, ip)));
      expect(answers.map((r) => r.status).sort()).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
      // The client spent 5 of its 100: the refused ones were handed back.
      for (let i = 0; i < 95; i++) expect((await requestCode(ctx.app, uniqueEmail(), ip)).status).toBe(200);
      expectLimited(await requestCode(ctx.app, uniqueEmail(), ip));
    });

    it('count the tagged and differently cased forms of one mailbox together, mailing each as asked', async () => {
      const [local, domain] = uniqueEmail('victim').split('@');
      const forms = [0, 1, 2, 3, 4, 5].map((i) => (i % 2 ? `${local.toUpperCase()}+${i}@${domain}` : `${local}+${i}@${domain}`));
      for (const email of forms.slice(0, 5)) expect((await requestCode(ctx.app, email)).status).toBe(200);
      expectLimited(await requestCode(ctx.app, forms[5]));
      expectLimited(await requestCode(ctx.app, `${local}@${domain}`));
      // Counting only: each code went to the address as it was typed.
      expect(ctx.mail.mailsTo(forms[2].toLowerCase())).toHaveLength(1);
    });

    it('count the dotted, tagged and googlemail forms of one Gmail inbox together, and dots elsewhere apart', async () => {
      const name = randomUUID().replaceAll('-', '').slice(0, 10);
      const dotted = `${name.slice(0, 3)}.${name.slice(3, 6)}.${name.slice(6)}`;
      const forms = [
        `${dotted}@gmail.com`,
        `${name}@gmail.com`,
        `${dotted.toUpperCase()}+work@GMail.com`,
        `${name.slice(0, 5)}.${name.slice(5)}@googlemail.com`,
        `${dotted}+x.y@googlemail.com`,
      ];
      for (const email of forms) expect((await requestCode(ctx.app, email)).status).toBe(200);
      expectLimited(await requestCode(ctx.app, `${name}+6@gmail.com`));
      expectLimited(await requestCode(ctx.app, `${name[0]}.${name.slice(1)}@googlemail.com`));
      // Counting only: each code went to the address as it was typed.
      expect(ctx.mail.mailsTo(forms[3])).toHaveLength(1);
      // Other providers may tell dotted names apart: those stay separate inboxes.
      const other = `${dotted}@example.test`;
      for (let i = 0; i < 5; i++) expect((await requestCode(ctx.app, other)).status).toBe(200);
      expect((await requestCode(ctx.app, `${name}@example.test`)).status).toBe(200);
    });

    it('count sign-in and e-mail confirmation mails to the same address together', async () => {
      const email = uniqueEmail();
      const user = await createUser(ctx.app, { role: null });
      for (let i = 0; i < 4; i++) expect((await requestCode(ctx.app, email)).status).toBe(200);
      const confirm = () =>
        call(ctx.app, {
          method: 'POST',
          url: '/api/onboarding/email/send-code',
          payload: email,
          headers: { 'content-type': 'text/plain' },
          token: user.token,
          remoteAddress: freshIp(),
        });
      expect((await confirm()).status).toBe(200);
      expectLimited(await confirm());
    });

    it('allow 100 requests per client in 15 minutes', async () => {
      const ip = '192.0.2.10';
      for (let i = 0; i < 100; i++) expect((await requestCode(ctx.app, uniqueEmail('ip'), ip)).status).toBe(200);
      expectLimited(await requestCode(ctx.app, uniqueEmail('ip'), ip));
      expect((await requestCode(ctx.app, uniqueEmail('ip'), '192.0.2.11')).status).toBe(200);
    });
  });

  describe('code checks', () => {
    it('allow 5 wrong tries per code, then answer 429 with Retry-After', async () => {
      const email = uniqueEmail();
      await requestCode(ctx.app, email);
      const code = await ctx.mail.codeFor(email);
      const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
      const verify = (c: string) =>
        call(ctx.app, { method: 'POST', url: '/api/auth/email/verify-code', payload: { email, code: c } });
      for (let i = 0; i < 5; i++) expect((await verify(wrong)).body.code).toBe('BAD_CODE');
      expectLimited(await verify(code));
    });
  });

  describe('password login', () => {
    const password = 'right password 1';
    let passwordHash: string;
    beforeAll(async () => {
      passwordHash = await hashPassword(password);
    });

    /** Tries until the client's wait for the account is over (it lasts a second or two), answering that try. */
    async function afterTheWait(email: string, tryPassword: string, ip: string) {
      for (;;) {
        const res = await login(email, tryPassword, ip);
        if (res.status !== 429) return res;
        await new Promise((r) => setTimeout(r, 50));
      }
    }

    it('holds a client that keeps failing for one account back longer each time, never the owner elsewhere', async () => {
      const user = await createPatient(ctx.app, { passwordHash });
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong password', ip)).status).toBe(401);
      const held = await login(user.email, password, ip);
      expectLimited(held);
      expect(held.headers['retry-after']).toBe('1');
      // A stranger's failures do not lock the owner out.
      expect((await login(user.email, password, freshIp())).status).toBe(200);

      expect((await afterTheWait(user.email, 'wrong password', ip)).status).toBe(401);
      const longer = await login(user.email, password, ip);
      expectLimited(longer);
      expect(longer.headers['retry-after']).toBe('2');
    });

    it("starts the client's count for the account afresh with the right password", async () => {
      const user = await createPatient(ctx.app, { passwordHash });
      const ip = freshIp();
      for (let i = 0; i < 2; i++) expect((await login(user.email, 'wrong password', ip)).status).toBe(401);
      expect((await login(user.email, password, ip)).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await login(user.email, 'wrong password', ip)).status).toBe(401);
      expect((await login(user.email, password, ip)).status).toBe(200);
    });

    it('holds back tries for unknown addresses the same way, so they look like real accounts', async () => {
      const email = uniqueEmail();
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await login(email, 'whatever', ip)).status).toBe(401);
      expectLimited(await login(email, 'whatever', ip));
    });

    it('allows 100 failures per account in 15 minutes from anywhere; then even the right password waits', async () => {
      const user = await createPatient(ctx.app, { passwordHash });
      for (let i = 0; i < 100; i++) expect((await login(user.email, 'wrong password')).status).toBe(401);
      const refused = await login(user.email, password);
      expectLimited(refused);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(15 * 60 - 60);
      expectLimited(await login(user.email.toUpperCase(), 'wrong password'));
    });

    it('allows 100 failures per client in 15 minutes', async () => {
      const ip = '198.51.100.7';
      const user = await createPatient(ctx.app, { passwordHash });
      for (let i = 0; i < 100; i++) expect((await login(uniqueEmail('ip'), 'wrong password', ip)).status).toBe(401);
      expectLimited(await login(user.email, password, ip));
      expect((await login(user.email, password, '198.51.100.8')).status).toBe(200);
    });
  });
});

describe('TRUST_PROXY', () => {
  const fromBehindProxy = (app: TestContext['app'], client: string) =>
    call(app, {
      method: 'POST',
      url: '/api/auth/email/request-code',
      payload: { email: uniqueEmail('proxied') },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
    });

  it('keys per-client limits on the client the trusted proxy names', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '1' });
    try {
      for (let i = 0; i < 100; i++) expect((await fromBehindProxy(proxied.app, '203.0.113.7')).status).toBe(200);
      expectLimited(await fromBehindProxy(proxied.app, '203.0.113.7'));
      expect((await fromBehindProxy(proxied.app, '203.0.113.8')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const direct = await buildTestApp();
    try {
      for (let i = 0; i < 100; i++) await fromBehindProxy(direct.app, `203.0.113.${i}`);
      expectLimited(await fromBehindProxy(direct.app, '203.0.113.200'));
    } finally {
      await direct.close();
    }
  });
});

describe('RATE_LIMITS=off', () => {
  let unlimited: TestContext;
  beforeAll(async () => {
    unlimited = await buildTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => unlimited.close());

  it('turns the request limits off', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 7; i++) expect((await requestCode(unlimited.app, email, '192.0.2.99')).status).toBe(200);
  });
});
