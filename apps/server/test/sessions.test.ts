import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index.js';
import { upsertAccount } from '../src/modules/users/service.js';
import { createPatient } from './factories.js';
import { buildTestApp, call, TEST_NOW, type TestContext } from './helpers.js';

const SECRET = 'test-jwt-secret-0123456789abcdef';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ JWT_SECRET: SECRET });
});
afterAll(() => ctx.close());

const me = (token?: string) => call(ctx.app, { method: 'GET', url: '/api/user/me', token });
const logout = (token?: string) => call(ctx.app, { method: 'POST', url: '/api/auth/logout', token });
const nowSeconds = () => Math.floor(ctx.app.clock.instant().getTime() / 1000);

/** A token signed by hand, to try what the server never issues. */
function forge(claims: { sub?: string; jti?: string; exp?: number }, secret = SECRET) {
  const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(nowSeconds());
  if (claims.sub !== undefined) jwt.setSubject(claims.sub);
  if (claims.jti !== undefined) jwt.setJti(claims.jti);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(new TextEncoder().encode(secret));
}

describe('the token check', () => {
  it('admits a token the server issued, with exp and its session', async () => {
    const user = await createPatient(ctx.app);
    expect((await me(user.token)).status).toBe(200);
    const [, payload] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: String(user.id), jti: expect.any(String), exp: expect.any(Number) });
    expect(claims.exp - claims.iat).toBe(7 * 24 * 60 * 60);
  });

  it('answers 401, never 500, to forged, odd or expired tokens', async () => {
    const user = await createPatient(ctx.app);
    const [session] = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const live = { sub: String(user.id), jti: session.id, exp: nowSeconds() + 60 };
    // The genuine claims signed with the right key pass; each variation below must not.
    expect((await me(await forge(live))).status).toBe(200);
    const variants = [
      forge(live, 'another-secret-0123456789abcdef'),
      forge({ ...live, exp: undefined }),
      forge({ ...live, exp: nowSeconds() - 1 }),
      forge({ ...live, jti: undefined }),
      forge({ ...live, jti: randomUUID() }),
      forge({ ...live, jti: 'not-a-uuid' }),
      forge({ ...live, sub: undefined }),
      forge({ ...live, sub: '99999999999999999999999' }),
      forge({ ...live, sub: '2147483648' }),
      forge({ ...live, sub: `0${user.id}` }),
      forge({ ...live, sub: `${user.id}.0` }),
      forge({ ...live, sub: '-1' }),
      forge({ ...live, sub: 'nobody' }),
      `${user.token.slice(0, -2)}xx`,
    ];
    for (const token of await Promise.all(variants)) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
  });

  it('lets a token expire after seven days on the platform clock', async () => {
    const user = await createPatient(ctx.app);
    try {
      ctx.setNow('2026-03-18 10:19');
      expect((await me(user.token)).status).toBe(200);
      ctx.setNow('2026-03-18 10:21');
      expect((await me(user.token)).status).toBe(401);
      // Signing in again sweeps the expired session away.
      await ctx.app.tokens.issue(user.id);
      expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    } finally {
      ctx.setNow(TEST_NOW);
    }
  });

  it('refuses the token of another account that reuses a session id', async () => {
    const owner = await createPatient(ctx.app);
    const other = await createPatient(ctx.app);
    const [session] = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, owner.id));
    const swapped = await forge({ sub: String(other.id), jti: session.id, exp: nowSeconds() + 60 });
    expect((await me(swapped)).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session it is sent with and no other', async () => {
    const user = await createPatient(ctx.app);
    const otherDevice = await ctx.app.tokens.issue(user.id);
    const res = await logout(user.token);
    expect(res.status).toBe(204);
    expect(res.raw.body).toBe('');
    expect((await me(user.token)).status).toBe(401);
    expect((await logout(user.token)).status).toBe(401);
    expect((await me(otherDevice)).status).toBe(200);
  });

  it('needs a signed-in session', async () => {
    expect((await logout()).status).toBe(401);
  });
});

describe('disabling an account', () => {
  it('ends all its sessions, so enabling it again does not revive old tokens', async () => {
    const user = await createPatient(ctx.app);
    const second = await ctx.app.tokens.issue(user.id);
    await ctx.app.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    await ctx.app.tokens.revokeAll(user.id);
    // While it is disabled its ended tokens say so, so the person learns why they were signed out.
    const refused = await me(user.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'DISABLED']);
    await ctx.app.db.update(users).set({ enabled: true }).where(eq(users.id, user.id));
    expect((await me(second)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(await ctx.app.tokens.issue(user.id))).status).toBe(200);
  });
});

describe('a changed credential or role', () => {
  it('a new password or another role ends every session of the account; an update without either keeps them', async () => {
    const account = (patch: Partial<Parameters<typeof upsertAccount>[1]>) =>
      upsertAccount(ctx.app, { email: user.email, role: 'PATIENT', ...patch });
    const user = await createPatient(ctx.app);
    const second = await ctx.app.tokens.issue(user.id);

    expect((await account({ firstName: 'Same' })).sessionsEnded).toBe(false);
    expect((await me(user.token)).status).toBe(200);

    expect((await account({ password: 'a-new-password-1' })).sessionsEnded).toBe(true);
    // Within the second the session cache may hold, and at once here: the tokens service was told.
    ctx.app.tokens.accountChanged(user.id);
    for (const token of [user.token, second]) expect((await me(token)).status).toBe(401);

    const fresh = await ctx.app.tokens.issue(user.id);
    expect((await me(fresh)).status).toBe(200);
    expect((await account({ role: 'MANAGER' })).sessionsEnded).toBe(true);
    ctx.app.tokens.accountChanged(user.id);
    expect((await me(fresh)).status).toBe(401);
  });
});
