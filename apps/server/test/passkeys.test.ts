import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { createPatient } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: 'https://rozmova.example' });
});
afterAll(() => ctx.close());

const fakeAnswer = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30' } };

describe('passkeys', () => {
  it("offers options for PUBLIC_URL's host (localhost for a page opened there) and a challenge used once", async () => {
    const user = await createPatient(ctx.app);
    const res = await call(ctx.app, { method: 'POST', url: '/api/user/passkeys/options', token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.options).toMatchObject({
      challenge: expect.any(String),
      rp: { id: 'rozmova.example', name: 'Rozmova' },
      authenticatorSelection: { residentKey: 'required' },
    });
    const local = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/passkeys/options',
      token: user.token,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(local.body.options.rp.id).toBe('localhost');

    const body = { challengeId: res.body.challengeId, name: 'Phone', response: fakeAnswer };
    const refused = await call(ctx.app, { method: 'POST', url: '/api/user/passkeys', payload: body, token: user.token });
    expect([refused.status, refused.body.code]).toEqual([400, 'BAD_CODE']);
    // The challenge was spent by that answer, and another account cannot use one at all.
    const other = await createPatient(ctx.app);
    const again = await call(ctx.app, { method: 'POST', url: '/api/user/passkeys', payload: body, token: other.token });
    expect(again.status).toBe(400);
    expect(await ctx.app.db.select().from(passkeys)).toEqual([]);
  });

  it('is a second factor: an account with one is asked for it after its password, and given no session yet', async () => {
    const owner = await createPatient(ctx.app, { passwordHash: await hashPassword('a-long-password') });
    const login = () =>
      call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: 'a-long-password' } });
    expect((await login()).body).toMatchObject({ token: expect.any(String) });
    await ctx.app.db
      .insert(passkeys)
      .values({ userId: owner.id, credentialId: 'cred-second', publicKey: new Uint8Array([1, 2, 3]), name: 'Phone' });
    const asked = await login();
    expect(asked.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['PASSKEY'] });
    // A code cannot stand in for the passkey this account has.
    const code = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/mfa',
      payload: { mfaToken: asked.body.mfaToken, code: '123456' },
    });
    expect([code.status, code.body.code]).toEqual([400, 'BAD_CODE']);
  });

  it("refuses unknown passkeys at sign-in (401) and another account's passkey for rename or removal (404)", async () => {
    const options = await call(ctx.app, { method: 'POST', url: '/api/auth/passkey/options', payload: {} });
    expect(options.status).toBe(200);
    expect(options.body.options.allowCredentials ?? []).toEqual([]);
    const signIn = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/passkey',
      payload: { challengeId: options.body.challengeId, response: fakeAnswer },
    });
    expect([signIn.status, signIn.body.code]).toEqual([401, 'BAD_CREDENTIALS']);

    const owner = await createPatient(ctx.app);
    const [row] = await ctx.app.db
      .insert(passkeys)
      .values({ userId: owner.id, credentialId: 'cred-1', publicKey: new Uint8Array([1, 2, 3]), name: 'Laptop' })
      .returning();
    const stranger = await createPatient(ctx.app);
    const rename = await call(ctx.app, {
      method: 'PUT',
      url: `/api/user/passkeys/${row.id}`,
      payload: { name: 'Mine now' },
      token: stranger.token,
    });
    expect(rename.status).toBe(404);
    const remove = await call(ctx.app, { method: 'DELETE', url: `/api/user/passkeys/${row.id}`, token: stranger.token });
    expect(remove.status).toBe(404);
    const list = await call(ctx.app, { method: 'GET', url: '/api/user/passkeys', token: owner.token });
    expect(list.body).toEqual([{ id: row.id, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null }]);
    const named = await call(ctx.app, {
      method: 'PUT',
      url: `/api/user/passkeys/${row.id}`,
      payload: { name: '  Work laptop ' },
      token: owner.token,
    });
    expect(named.body.name).toBe('Work laptop');
    const bad = await call(ctx.app, {
      method: 'PUT',
      url: `/api/user/passkeys/${row.id}`,
      payload: { name: '' },
      token: owner.token,
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION']);
    expect((await call(ctx.app, { method: 'DELETE', url: `/api/user/passkeys/${row.id}`, token: owner.token })).status).toBe(204);
  });
});
