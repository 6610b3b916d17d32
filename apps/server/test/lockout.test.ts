import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password.js';
import { createPatient } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

const PASSWORD = 'owner password 1';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const login = (email: string, password: string, ip: string) =>
  call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('lockout per account and client', () => {
  it('105 wrong passwords from 35 addresses lock the account for new clients, not for the owner at home', async () => {
    const owner = await createPatient(ctx.app, { passwordHash: await hashPassword(PASSWORD) });
    expect((await login(owner.email, PASSWORD, '203.0.113.5')).status).toBe(200);

    const tries = Array.from({ length: 35 }, (_, i) =>
      Array.from({ length: 3 }, () => login(owner.email, 'sprayed guess', `198.51.${100 + i}.7`)),
    );
    for (const client of tries) for (const res of await Promise.all(client)) expect(res.status).toBe(401);

    // Home (the network the owner signed in from before, even from another address in it) still signs in.
    expect((await login(owner.email, PASSWORD, '203.0.113.9')).status).toBe(200);
    // A client the account has never signed in from waits, even with the right password.
    const stranger = await login(owner.email, PASSWORD, '192.0.2.44');
    expect([stranger.status, stranger.body.code]).toEqual([429, 'RATE_LIMITED']);
  });
});
