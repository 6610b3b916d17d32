import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { timeZones, users } from '../src/db/schema/index.js';
import { addSlots, dateFromToday } from './booking-helpers.js';
import { createPatient, createPsychologist, createUser, type TestUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

/**
 * Issue 37: onboarding took "US/Pacific-New" (Node's ICU knows it, neither database does) and from then on every
 * patient's search answered 500. Zones are now stored by canonical names the database was shown to know; a name that
 * got into the column some other way costs only its own account its zone, and the next start maps or clears it.
 */
let ctx: TestContext;
const warnings: string[] = [];
beforeAll(async () => {
  ctx = await buildTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void warnings.push(line) } });
});
afterAll(() => ctx?.close());

const get = (url: string, user: TestUser) => call(ctx.app, { method: 'GET', url, token: user.token });
const zoneOf = async (id: number) => (await ctx.app.db.select().from(users).where(eq(users.id, id)))[0].timeZone;

async function bookablePsychologist() {
  const doctor = await createPsychologist(ctx.app);
  await addSlots(ctx.app, doctor.id, 'FRIDAY', ['10:00', '11:00']);
  return doctor;
}
/** The doctors a patient's search finds in the coming week, by id, with their zones. */
async function searched(patient: TestUser): Promise<Map<number, string>> {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/patient/doctors/search?limit=20',
    token: patient.token,
    payload: { startDate: dateFromToday(ctx.app, 1), endDate: dateFromToday(ctx.app, 7), therapyTypes: ['KPT'] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map(res.body.doctors.map((d: { id: number; timeZone: string }) => [d.id, d.timeZone]));
}

/** Writes zones straight into the column, past its foreign key, as a restore of old data or a hand edit could. */
async function storeRaw(zones: [number, string][]) {
  await ctx.app.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const [id, zone] of zones) await tx.update(users).set({ timeZone: zone }).where(eq(users.id, id));
  });
}

describe('time zones the database does not know', () => {
  it('onboards a psychologist with "US/Pacific-New" as America/Los_Angeles, and patients still search', async () => {
    const user = await createUser(ctx.app, { role: null, profileCompleted: false });
    const onboarded = await call(ctx.app, {
      method: 'PUT',
      url: '/api/onboarding',
      token: user.token,
      payload: {
        role: 'PSYCHOLOGIST',
        firstName: 'Pacific',
        lastName: 'New',
        birthDate: '1985-04-02',
        language: 'en',
        experience: 5,
        description: 'Anxiety',
        specialties: 'CBT',
        education: 'Kyiv University',
        certificates: '',
        therapyTypes: ['KPT'],
        timeZone: 'US/Pacific-New',
      },
    });
    expect(onboarded.status, JSON.stringify(onboarded.body)).toBe(200);
    expect((await get('/api/user/me', user)).body.timeZone).toBe('America/Los_Angeles');
    await ctx.app.db.execute(sql`UPDATE psychologist_profiles SET verified = true WHERE user_id = ${user.id}`);
    await addSlots(ctx.app, user.id, 'FRIDAY', ['10:00', '11:00']);
    expect((await searched(await createPatient(ctx.app))).get(user.id)).toBe('America/Los_Angeles');
  });

  it('refuses, as 400 on the field, a listed zone this database lacks', async () => {
    const user = await createPatient(ctx.app);
    await ctx.app.db.delete(timeZones).where(eq(timeZones.name, 'America/Ciudad_Juarez'));
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/user/time-zone',
      token: user.token,
      payload: { timeZone: 'America/Ciudad_Juarez' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'body.timeZone' }] });
    expect(await zoneOf(user.id)).toBeNull();
  });

  it('searches on when a stored zone is unknown, reading that psychologist in the platform zone', async () => {
    const [stray, fine] = [await bookablePsychologist(), await bookablePsychologist()];
    await storeRaw([
      [stray.id, 'US/Pacific-New'],
      [fine.id, 'Europe/Warsaw'],
    ]);
    const found = await searched(await createPatient(ctx.app));
    expect(found.get(stray.id)).toBe('Europe/Kyiv');
    expect(found.get(fine.id)).toBe('Europe/Warsaw');
    await storeRaw([[stray.id, 'Europe/Warsaw']]);
  });

  it('maps stored aliases to canonical names at start, clears unknown names, and logs both', async () => {
    const [alias, lower, unknown, fine] = [
      await bookablePsychologist(),
      await createPatient(ctx.app),
      await createPatient(ctx.app),
      await createPatient(ctx.app),
    ];
    await storeRaw([
      [alias.id, 'US/Pacific-New'],
      [lower.id, 'europe/kiev'],
      [unknown.id, 'Mars/Olympus'],
      [fine.id, 'Asia/Kolkata'],
    ]);
    warnings.length = 0;
    await ctx.restart();
    const stored = await ctx.app.db
      .select({ id: users.id, zone: users.timeZone })
      .from(users)
      .where(inArray(users.id, [alias.id, lower.id, unknown.id, fine.id]));
    expect(new Map(stored.map((r) => [r.id, r.zone]))).toEqual(
      new Map<number, string | null>([
        [alias.id, 'America/Los_Angeles'],
        [lower.id, 'Europe/Kyiv'],
        [unknown.id, null],
        [fine.id, 'Asia/Kolkata'],
      ]),
    );
    const logged = warnings.map((line) => JSON.parse(line));
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ zone: 'US/Pacific-New', to: 'America/Los_Angeles', accounts: [alias.id] }),
        expect.objectContaining({ zone: 'europe/kiev', to: 'Europe/Kyiv', accounts: [lower.id] }),
        expect.objectContaining({ zone: 'Mars/Olympus', accounts: [unknown.id] }),
      ]),
    );
    expect((await get('/api/user/me', unknown)).body.timeZone).toBe('Europe/Kyiv');
    // The next start finds nothing to do.
    warnings.length = 0;
    await ctx.restart();
    expect(warnings.filter((line) => line.includes('stored time zone'))).toEqual([]);
  });

  it('reads the platform zone by its canonical name too', () => {
    const env = { DATA_DIR: join(tmpdir(), 'rozmova-test'), JWT_SECRET: 'test-jwt-secret-0123456789abcdef' };
    expect(loadConfig({ ...env, TIME_ZONE: 'Europe/Kiev' }).timeZone).toBe('Europe/Kyiv');
    expect(loadConfig({ ...env, TIME_ZONE: 'Etc/UTC' }).timeZone).toBe('UTC');
    expect(() => loadConfig({ ...env, TIME_ZONE: 'US/Pacific-New ' })).toThrow(/TIME_ZONE/);
  });
});
