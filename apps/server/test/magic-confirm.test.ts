import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, MAGIC_SECRET, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

let nextId = 800_000_000 + Math.floor(Math.random() * 1_000_000);
async function newLinkToken(externalId: string): Promise<string> {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/integrations/messaging/magic-link',
    payload: { externalId },
    headers: { 'x-magic-link-secret': MAGIC_SECRET },
  });
  return new URL(res.body.url).searchParams.get('token') ?? '';
}
const preview = (token: string) =>
  call(ctx.app, { method: 'GET', url: `/api/magic-login/preview?token=${encodeURIComponent(token)}` });
const confirm = (token: string) => call(ctx.app, { method: 'POST', url: '/api/magic-login', payload: { token } });

describe('a sign-in link asks before it signs in', () => {
  it('names its account without using the link; the POST signs in once; an older link is refused once a newer exists', async () => {
    const externalId = String(++nextId);
    const first = await newLinkToken(externalId);
    expect((await preview(first)).body).toEqual({ name: null, email: null });
    expect((await preview(first)).status).toBe(200);
    const signedIn = await confirm(first);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
    // Spent: neither the preview nor a second POST takes it.
    expect((await preview(first)).status).toBe(401);
    expect((await confirm(first)).status).toBe(401);

    const older = await newLinkToken(externalId);
    const newer = await newLinkToken(externalId);
    expect((await preview(older)).status).toBe(401);
    expect((await confirm(older)).status).toBe(401);
    expect((await preview(newer)).status).toBe(200);
    expect((await confirm(newer)).status).toBe(200);
  });

  it('answers 400 for a missing token and 401 for an unknown one, never 500', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/magic-login/preview' })).status).toBe(400);
    expect((await call(ctx.app, { method: 'POST', url: '/api/magic-login', payload: {} })).status).toBe(400);
    expect((await preview('nope')).status).toBe(401);
  });
});
