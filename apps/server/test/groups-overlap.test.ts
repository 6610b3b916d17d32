import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busyTimes, groupMembers, groupPrograms, groupSessions } from '../src/db/schema/index.js';
import { dayOfWeekOf } from '../src/lib/time.js';
import { addSlots, book, dateFromToday, insertAppointment, platformInstant } from './booking-helpers.js';
import { createPatient, createPsychologist } from './factories.js';
import { createGroup, groupBody, join, programRow } from './group-helpers.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

/** Individual and group sessions never overlap, for the psychologist or a patient, whichever comes first. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const day = (n: number) => dateFromToday(ctx.app, n);
const create = (token: string, body: object) =>
  call(ctx.app, { method: 'POST', url: '/api/psychologist/groups', token, payload: body });
const move = (token: string, id: number, startsAt: Date) =>
  call(ctx.app, {
    method: 'PUT',
    url: `/api/psychologist/group-sessions/${id}`,
    token,
    payload: { startsAt: startsAt.toISOString() },
  });
const sessionRow = async (id: number) => (await ctx.app.db.select().from(groupSessions).where(eq(groupSessions.id, id)))[0];
const busyOf = (sessionId: number) => ctx.app.db.select().from(busyTimes).where(eq(busyTimes.groupSessionId, sessionId));

describe('creating a program', () => {
  it('refuses a session over the psychologist’s individual session, names it, and creates nothing', async () => {
    const psy = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    await insertAppointment(ctx.app, {
      psychologistId: psy.id,
      patientId: patient.id,
      date: day(14),
      start: '18:30',
      end: '19:30',
    });
    const res = await create(psy.token, groupBody(day(7), '18:00'));
    expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([409, 'OVERLAP']);
    expect(res.body).toMatchObject({
      sessionStartsAt: platformInstant(day(14), '18:00').toISOString(),
      clash: { kind: 'INDIVIDUAL', startsAt: platformInstant(day(14), '18:30').toISOString() },
    });
    expect(res.body.message).toContain(`${day(14)} 18:00`);
    expect(await ctx.app.db.select().from(groupPrograms).where(eq(groupPrograms.psychologistId, psy.id))).toEqual([]);
  });

  it('refuses a session over another group of the same psychologist', async () => {
    const psy = await createPsychologist(ctx.app);
    await createGroup(ctx.app, psy.token, day(8), '10:00');
    const res = await create(psy.token, groupBody(day(15), '11:00', { sessionCount: 2 }));
    expect([res.status, res.body.code, res.body.clash?.kind]).toEqual([409, 'OVERLAP', 'GROUP']);
  });
});

describe('moving a session', () => {
  it('moves everyone’s time with it and grows its sequence', async () => {
    const psy = await createPsychologist(ctx.app);
    const group = await createGroup(ctx.app, psy.token, day(3), '09:00');
    const member = await createPatient(ctx.app);
    expect((await join(ctx.app, member.token, group.id)).status).toBe(201);
    const target = platformInstant(day(4), '12:00');
    const res = await move(psy.token, group.sessions[0].id, target);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ startsAt: target.toISOString(), startTime: '12:00', endTime: '13:30' });
    expect((await sessionRow(group.sessions[0].id)).sequence).toBe(1);
    const rows = await busyOf(group.sessions[0].id);
    expect(rows.map((r) => [r.userId, r.startsAt.toISOString()]).sort()).toEqual(
      [psy.id, member.id].map((id) => [id, target.toISOString()]).sort(),
    );
  });

  it('refuses a time over the psychologist’s individual session or a member’s, changing nothing', async () => {
    const psy = await createPsychologist(ctx.app);
    const other = await createPsychologist(ctx.app);
    const group = await createGroup(ctx.app, psy.token, day(3), '15:00');
    const member = await createPatient(ctx.app);
    expect((await join(ctx.app, member.token, group.id)).status).toBe(201);
    const client = await createPatient(ctx.app);
    await insertAppointment(ctx.app, {
      psychologistId: psy.id,
      patientId: client.id,
      date: day(5),
      start: '10:00',
      end: '11:00',
    });
    // The member's own session with another psychologist: its details are not the group psychologist's to learn.
    await insertAppointment(ctx.app, {
      psychologistId: other.id,
      patientId: member.id,
      date: day(5),
      start: '14:00',
      end: '15:00',
    });
    const id = group.sessions[0].id;
    const before = { session: await sessionRow(id), busy: await busyOf(id) };

    const own = await move(psy.token, id, platformInstant(day(5), '09:30'));
    expect([own.status, own.body.code, own.body.clash?.kind]).toEqual([409, 'OVERLAP', 'INDIVIDUAL']);
    const members = await move(psy.token, id, platformInstant(day(5), '13:00'));
    expect([members.status, members.body.code]).toEqual([409, 'OVERLAP']);
    expect(members.body.clash).toBeUndefined();
    expect({ session: await sessionRow(id), busy: await busyOf(id) }).toEqual(before);
  });
});

describe('joining a group', () => {
  it('refuses a patient whose individual session overlaps a group session, without taking a seat', async () => {
    const psy = await createPsychologist(ctx.app);
    const group = await createGroup(ctx.app, psy.token, day(2), '16:00');
    const patient = await createPatient(ctx.app);
    const other = await createPsychologist(ctx.app);
    await insertAppointment(ctx.app, {
      psychologistId: other.id,
      patientId: patient.id,
      date: day(9),
      start: '17:00',
      end: '18:00',
    });
    const res = await join(ctx.app, patient.token, group.id);
    expect([res.status, res.body.code, res.body.clash?.kind]).toEqual([409, 'OVERLAP', 'INDIVIDUAL']);
    expect(res.body.sessionStartsAt).toBe(platformInstant(day(9), '16:00').toISOString());
    expect((await programRow(ctx.app, group.id)).memberCount).toBe(0);
    expect(await ctx.app.db.select().from(groupMembers).where(eq(groupMembers.patientId, patient.id))).toEqual([]);
  });
});

describe('booking an individual session', () => {
  it('is refused over a group session, for the psychologist and for a member', async () => {
    const psy = await createPsychologist(ctx.app);
    const date = day(2);
    await addSlots(ctx.app, psy.id, dayOfWeekOf(date), ['18:00', '19:00'], ['20:00', '21:00']);
    const group = await createGroup(ctx.app, psy.token, date, '18:00', { sessionCount: 1 });
    const patient = await createPatient(ctx.app);
    const taken = await book(ctx.app, patient.token, { psychologistId: psy.id, date, startTime: '18:00', endTime: '19:00' });
    expect(taken.status).toBe(409);
    expect(['SLOT_TAKEN', 'SLOT_UNAVAILABLE']).toContain(taken.body.code);

    const member = await createPatient(ctx.app);
    expect((await join(ctx.app, member.token, group.id)).status).toBe(201);
    const other = await createPsychologist(ctx.app);
    await addSlots(ctx.app, other.id, dayOfWeekOf(date), ['19:00', '20:00']);
    const busy = await book(ctx.app, member.token, { psychologistId: other.id, date, startTime: '19:00', endTime: '20:00' });
    expect([busy.status, busy.body.code]).toEqual([409, 'PATIENT_BUSY']);
    const free = await book(ctx.app, patient.token, { psychologistId: psy.id, date, startTime: '20:00', endTime: '21:00' });
    expect(free.status).toBe(201);
  });
});
