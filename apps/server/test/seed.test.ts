import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientProfiles, psychologistProfiles, users } from '../src/db/schema/index.js';
import { DEMO_PASSWORD, seedDemoUsers } from '../src/db/seed/users.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { createPatient } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const accounts = [
  ['admin@rozmova.demo', 'ROLE_ADMIN', 'Oksana', 'Lysenko'],
  ['manager@rozmova.demo', 'ROLE_MANAGER', 'Dmytro', 'Savchenko'],
  ['olena.kovalenko@rozmova.demo', 'ROLE_PSYCHOLOGIST', 'Olena', 'Kovalenko'],
  ['andrii.melnyk@rozmova.demo', 'ROLE_PSYCHOLOGIST', 'Andrii', 'Melnyk'],
  ['iryna.shevchenko@rozmova.demo', 'ROLE_PSYCHOLOGIST', 'Iryna', 'Shevchenko'],
  ['maria.bondarenko@rozmova.demo', 'ROLE_PATIENT', 'Maria', 'Bondarenko'],
  ['taras.hrytsenko@rozmova.demo', 'ROLE_PATIENT', 'Taras', 'Hrytsenko'],
] as const;

describe('demo seed', () => {
  let printed: string[];
  beforeAll(async () => {
    printed = [];
    expect(await seedIfEmpty(ctx.app, (text) => printed.push(text))).toBe(true);
  });

  it('prints the accounts and their password once, as a table', () => {
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(DEMO_PASSWORD);
    for (const [email, , first, last] of accounts) expect(printed[0]).toMatch(new RegExp(`${email}\\s+${first} ${last}`));
  });

  it.each(accounts)('%s signs in with the demo password as %s', async (email, role, firstName, lastName) => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, role, profileCompleted: true });
    const me = await call(ctx.app, { method: 'GET', url: '/api/user/me', token: res.body.token });
    expect(me.body).toMatchObject({ email, firstName, lastName });
  });

  it('gives psychologists and patients their profile rows', async () => {
    const emails = accounts.map(([email]) => email as string);
    const rows = await ctx.app.db.select().from(users).where(inArray(users.email, emails));
    const idOf = (email: string) => rows.find((r) => r.email === email)?.id ?? -1;
    const psychologists = await ctx.app.db.select().from(psychologistProfiles);
    for (const email of emails.slice(2, 5)) {
      const profile = psychologists.find((p) => p.userId === idOf(email));
      expect(profile?.experience).toBeGreaterThan(0);
      expect(profile?.therapyTypes.length).toBeGreaterThan(0);
      expect(profile?.education).not.toBe('');
      expect(profile?.description.length).toBeGreaterThan(50);
      expect(profile?.verified).toBe(true);
    }
    const patients = await ctx.app.db.select().from(patientProfiles);
    for (const email of emails.slice(5)) {
      expect(patients.find((p) => p.userId === idOf(email))?.therapyGoals).not.toBe('');
    }
  });

  it("puts the second demo patient in the demo manager's program, with his appointments and visits", async () => {
    const signIn = async (email: string) =>
      (await call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } })).body
        .token as string;
    const token = await signIn('manager@rozmova.demo');
    const [taras] = await ctx.app.db.select().from(users).where(eq(users.email, 'taras.hrytsenko@rozmova.demo'));
    const list = await call(ctx.app, { method: 'GET', url: '/api/manager/appointments', token });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(new Set(list.body.map((a: { patientId: number }) => a.patientId))).toEqual(new Set([taras.id]));
    const visits = await call(ctx.app, { method: 'GET', url: `/api/manager/visits/${taras.id}`, token });
    expect(visits.body.length).toBeGreaterThan(0);
    expect(visits.body.every((v: { inProgram: boolean }) => v.inProgram)).toBe(true);
    const admin = await signIn('admin@rozmova.demo');
    const unassigned = await call(ctx.app, { method: 'GET', url: '/api/admin/unassigned-patients', token: admin });
    expect(unassigned.body.map((p: { email: string }) => p.email)).toEqual(['maria.bondarenko@rozmova.demo']);
  });

  it('runs only on an empty database', async () => {
    const before = await ctx.app.db.select().from(users);
    const printedAgain: string[] = [];
    expect(await seedIfEmpty(ctx.app, (text) => printedAgain.push(text))).toBe(false);
    expect(printedAgain).toHaveLength(0);
    expect(await ctx.app.db.select().from(users)).toHaveLength(before.length);
  });
});

describe('seedDemoUsers', () => {
  it('answers the ids by role for the seeds that follow it', async () => {
    const patient = await createPatient(ctx.app);
    await ctx.app.db.delete(users).where(inArray(users.email, ['admin@rozmova.demo', 'maria.bondarenko@rozmova.demo']));
    const ids = await seedDemoUsers(ctx.app.db, ctx.app.clock);
    const [admin] = await ctx.app.db.select().from(users).where(eq(users.id, ids.admin));
    expect(admin).toMatchObject({ email: 'admin@rozmova.demo', role: 'ADMIN' });
    expect(ids.psychologists).toHaveLength(3);
    expect(ids.patients).toHaveLength(2);
    expect(new Set([ids.admin, ids.manager, ...ids.psychologists, ...ids.patients]).size).toBe(7);
    expect(ids.patients).not.toContain(patient.id);
  });
});
