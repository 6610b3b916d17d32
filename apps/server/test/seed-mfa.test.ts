import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/users.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ MFA_REQUIRED_ROLES: 'ADMIN,MANAGER,PSYCHOLOGIST' });
});
afterAll(() => ctx.close());

describe('the demo where staff must use a second factor (as npm start runs it)', () => {
  it('prints one authenticator key for the demo staff, which signs them in; patients need none', async () => {
    const printed: string[] = [];
    expect(await seedIfEmpty(ctx.app, (text) => printed.push(text))).toBe(true);
    const key = printed[0].match(/^ {2}([A-Z2-7]{16,})$/m)?.[1] ?? '';
    expect(key).not.toBe('');
    expect(printed[0]).toContain('MFA_REQUIRED_ROLES=');

    const login = (email: string) =>
      call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
    const first = await login('olena.kovalenko@rozmova.demo');
    expect(first.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['TOTP'] });
    const code = await generate({ secret: key, epoch: Math.floor(ctx.app.clock.instant().getTime() / 1000) });
    const second = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/mfa',
      payload: { mfaToken: first.body.mfaToken, code },
    });
    expect(second.status).toBe(200);
    const profile = await call(ctx.app, { method: 'GET', url: '/api/psychologist/profile', token: second.body.token });
    expect(profile.status).toBe(200);

    const patient = await login('maria.bondarenko@rozmova.demo');
    expect(patient.body.token).toEqual(expect.any(String));
  });
});
