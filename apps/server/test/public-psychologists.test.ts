import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient, createPsychologist } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

// What a visitor who has not signed in sees of the psychologists: the verified ones only, and nothing that reaches them.
describe('public psychologists', () => {
  let ctx: TestContext;
  let verified: Awaited<ReturnType<typeof createPsychologist>>;
  let unverified: Awaited<ReturnType<typeof createPsychologist>>;
  let disabled: Awaited<ReturnType<typeof createPsychologist>>;

  beforeAll(async () => {
    ctx = await buildTestApp();
    verified = await createPsychologist(ctx.app, { firstName: 'Olha', lastName: 'Aaronenko', description: 'Anxiety, CBT' });
    unverified = await createPsychologist(ctx.app, { lastName: 'Aaronchuk', verified: false });
    disabled = await createPsychologist(ctx.app, { lastName: 'Aaronov', enabled: false });
    await createPatient(ctx.app, { lastName: 'Aaronyk' });
  });
  afterAll(() => ctx.close());

  const anonymous = (url: string, ip = '10.9.0.1') => call(ctx.app, { method: 'GET', url, remoteAddress: ip });

  it('lists the verified psychologists by name, without e-mail, to a visitor without a token', async () => {
    const res = await anonymous('/api/public/psychologists?size=48');
    expect(res.status).toBe(200);
    const ids = res.body.content.map((p: { id: number }) => p.id);
    expect(ids).toContain(verified.id);
    expect(ids).not.toContain(unverified.id);
    expect(ids).not.toContain(disabled.id);
    expect(res.body.content.every((p: { lastName: string }) => p.lastName !== 'Aaronyk')).toBe(true);
    expect(res.body.content.find((p: { id: number }) => p.id === verified.id)).toEqual({
      id: verified.id,
      firstName: 'Olha',
      lastName: 'Aaronenko',
      experience: 5,
      specialties: '',
      therapyTypes: ['KPT'],
      languages: [],
    });
    expect(JSON.stringify(res.body)).not.toContain('@');
    expect(res.body).toMatchObject({ page: 0, size: 48, last: true });
  });

  it("shows a verified psychologist's profile, without picture or e-mail, and no one else's", async () => {
    const res = await anonymous(`/api/public/psychologists/${verified.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Olha', description: 'Anxiety, CBT', avatarPath: null });
    expect(JSON.stringify(res.body)).not.toContain('@');
    for (const id of [unverified.id, disabled.id]) {
      expect((await anonymous(`/api/public/psychologists/${id}`)).status).toBe(404);
    }
  });

  it('refuses a client that reads too much, not others', async () => {
    const ip = '10.9.1.1';
    let last = 0;
    for (let i = 0; i < 301 && last !== 429; i++) last = (await anonymous('/api/public/psychologists?size=1', ip)).status;
    expect(last).toBe(429);
    expect((await anonymous('/api/public/psychologists?size=1', '10.9.1.2')).status).toBe(200);
  });
});
