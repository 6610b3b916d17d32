import { DAYS_OF_WEEK, formatTime } from '@rozmova/contract';
import { and, eq, or } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../src/db/schema/index.js';
import { addSlots, search } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

/**
 * Daylight saving on both sides, generated: a psychologist's weekly slots around the small hours, where clocks change,
 * in one zone; patients in another; the platform's clock a day or two before one of either zone's changes. Every
 * offered slot books; the booked session reads back at the same instant in every viewer's zone, at its weekly
 * wall-clock time in the psychologist's zone and with its real length; no two confirmed sessions of one person overlap.
 * The expectations are worked out with Intl alone, independently of the server's own zone code. A fixed seed
 * (PROPERTY_SEED overrides it) and TZ_PROPERTY_RUNS runs (20 by default, some 6 s).
 */
const SEED = Number(process.env.PROPERTY_SEED ?? 20260311);
const RUNS = Number(process.env.TZ_PROPERTY_RUNS ?? 20);
const ZONES = ['Europe/Kyiv', 'Europe/Warsaw', 'Europe/London', 'America/New_York', 'Asia/Tbilisi', 'Pacific/Auckland'];
const MINUTE = 60_000;
const DAY = 86_400_000;

/** 'YYYY-MM-DD' and minutes from 00:00 of an instant on a zone's wall clock, by Intl. */
const formats = new Map<string, Intl.DateTimeFormat>();
function wall(at: number, zone: string): { date: string; minute: number } {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Every instant (to the minute) at which a zone's wall clock shows the moment: none, one, or two. */
function instantsShowing(date: string, minute: number, zone: string): number[] {
  const asUtc = Date.parse(`${date}T00:00:00Z`) + minute * MINUTE;
  const found: number[] = [];
  for (let offset = -14 * 60; offset <= 14 * 60; offset += 15) {
    const at = asUtc - offset * MINUTE;
    const w = wall(at, zone);
    if (w.date === date && w.minute === minute && !found.includes(at)) found.push(at);
  }
  return found.sort((a, b) => a - b);
}

/** The dates in 2026–2027 on which a zone's offset changes. */
function changeDays(zone: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse('2026-01-02T00:00:00Z'); t < Date.parse('2027-12-30T00:00:00Z'); t += DAY) {
    const date = new Date(t).toISOString().slice(0, 10);
    const [first] = instantsShowing(date, 12 * 60, zone);
    const before = instantsShowing(date, 0, zone)[0] ?? instantsShowing(date, 60, zone)[0] - 60 * MINUTE;
    if (first - before !== 12 * 60 * MINUTE) days.push(date);
  }
  return days;
}
const CHANGES = new Map(ZONES.map((z) => [z, changeDays(z)]));

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** The first instant of a date in a zone (a day may begin after 00:00). */
const firstInstantOf = (date: string, zone: string): number => {
  for (let minute = 0; ; minute += 15) {
    const [at] = instantsShowing(date, minute, zone);
    if (at !== undefined) return at;
  }
};
let offeredInAll = 0;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const setZone = (user: TestUser, timeZone: string) =>
  call(ctx.app, { method: 'PUT', url: '/api/user/time-zone', token: user.token, payload: { timeZone } });

/** The slots of a weekly schedule: starts in the small hours and around them, 30 to 90 minutes long, not overlapping. */
const scheduleArb = fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 4 }).chain((halfHours) =>
  fc.tuple(
    ...halfHours
      .sort((a, b) => a - b)
      .map((h, i, all) => {
        const start = h * 30;
        const room = ((all[i + 1] ?? 48) - h) * 30;
        return fc.constantFrom(...[30, 60, 90].filter((len) => len <= room)).map((len) => [start, start + len] as const);
      }),
  ),
);

describe('sessions across time zones and daylight-saving changes', () => {
  it('offers, books and reads back every slot correctly on both sides of a change', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ZONES),
        fc.boolean(),
        fc.nat(),
        scheduleArb,
        async (doctorZone, patientZone, changeOfDoctor, pick, slots) => {
          const changes = CHANGES.get(changeOfDoctor ? doctorZone : patientZone) as string[];
          const change = changes.length > 0 ? changes[pick % changes.length] : addDays('2026-03-29', pick % 300);
          // Two days before the change, at noon on the platform's clock; accounts are made after the clock moves.
          ctx.setNow(`${addDays(change, -2)} 12:00`);
          const now = ctx.app.clock.instant().getTime();
          const doc = await createPsychologist(ctx.app);
          expect((await setZone(doc, doctorZone)).status).toBe(200);
          const week = slots.map(([s, e]) => [formatTime(s), formatTime(e)] as [string, string]);
          for (const day of DAYS_OF_WEEK) await addSlots(ctx.app, doc.id, day, ...week);
          const patients = [await createPatient(ctx.app), await createPatient(ctx.app)];
          for (const p of patients) expect((await setZone(p, patientZone)).status).toBe(200);

          // The patient's dates around the change, in their own zone.
          const today = wall(now, patientZone).date;
          const range = { startDate: today, endDate: addDays(today, 4) };
          const [found] = await search(ctx.app, patients[0].token, range, [doc.id]);
          const offered: { startsAt: string; endsAt: string; date: string; startTime: string; timeZone: string }[] =
            found?.availableSlots ?? [];

          // What the psychologist's wall clock promises, worked out here: each weekly slot on each of their dates at
          // the later instant showing its start (none when the clocks skip it), lasting its length in real minutes,
          // less a slot a change makes overlap the one before it; those starting in the patient's dates, after now.
          const rangeFrom = firstInstantOf(range.startDate, patientZone);
          const rangeTo = firstInstantOf(addDays(range.endDate, 1), patientZone);
          const candidates: { at: number; end: number; wallStart: number; wallEnd: number }[] = [];
          for (let d = -2; d <= 7; d++) {
            const date = addDays(wall(rangeFrom, doctorZone).date, d);
            const dayMinutes = (Date.parse(`${date}T00:00:00Z`) / DAY) * 1440;
            for (const [start, end] of slots) {
              const at = instantsShowing(date, start, doctorZone).at(-1);
              if (at === undefined) continue;
              candidates.push({ at, end: at + (end - start) * MINUTE, wallStart: dayMinutes + start, wallEnd: dayMinutes + end });
            }
          }
          candidates.sort((a, b) => a.at - b.at);
          const kept: typeof candidates = [];
          for (const c of candidates) {
            const prev = kept.at(-1);
            if (prev && c.at < prev.end && prev.wallEnd <= c.wallStart) continue;
            kept.push(c);
          }
          const expected = kept
            .filter((c) => c.at >= rangeFrom && c.at < rangeTo && c.at > now)
            .map((c) => [new Date(c.at).toISOString(), new Date(c.end).toISOString()]);
          expect(offered.map((o) => [o.startsAt, o.endsAt])).toEqual(expected);
          offeredInAll += offered.length;
          for (const o of offered) {
            expect(o.timeZone).toBe(patientZone);
            const w = wall(Date.parse(o.startsAt), patientZone);
            expect([o.date, o.startTime]).toEqual([w.date, formatTime(w.minute)]);
          }

          // Every offered slot books, the two patients taking turns.
          const booked: { id: number; startsAt: string; endsAt: string }[] = [];
          for (const [i, s] of offered.entries()) {
            const res = await call(ctx.app, {
              method: 'POST',
              url: '/api/patient/appointments',
              token: patients[i % 2].token,
              payload: { psychologistId: doc.id, startsAt: s.startsAt },
            });
            expect(res.status, `booking ${s.startsAt}: ${JSON.stringify(res.body)}`).toBe(201);
            expect([res.body.startsAt, res.body.endsAt]).toEqual([s.startsAt, s.endsAt]);
            booked.push(res.body);
          }

          // Each session reads back at the same instant for every viewer zone, on that zone's wall clock.
          for (const viewerZone of ZONES) {
            expect((await setZone(patients[0], viewerZone)).status).toBe(200);
            const list = await call(ctx.app, { method: 'GET', url: '/api/patient/appointments', token: patients[0].token });
            for (const a of list.body as { startsAt: string; date: string; startTime: string; timeZone: string; id: number }[]) {
              const mine = booked.find((b) => b.id === a.id);
              expect(mine, 'a session of this patient').toBeDefined();
              expect(a.startsAt).toBe(mine?.startsAt);
              expect(a.timeZone).toBe(viewerZone);
              const w = wall(Date.parse(a.startsAt), viewerZone);
              expect([a.date, a.startTime]).toEqual([w.date, formatTime(w.minute)]);
            }
          }

          // No two confirmed sessions of the psychologist or of a patient overlap in real time.
          const rows = await ctx.app.db
            .select()
            .from(appointments)
            .where(
              and(
                eq(appointments.status, 'CONFIRMED'),
                or(
                  eq(appointments.psychologistId, doc.id),
                  eq(appointments.patientId, patients[0].id),
                  eq(appointments.patientId, patients[1].id),
                ),
              ),
            );
          for (const a of rows) {
            for (const b of rows) {
              if (a.id >= b.id) continue;
              const overlap = a.startsAt < b.endsAt && b.startsAt < a.endsAt;
              expect(overlap && (a.psychologistId === b.psychologistId || a.patientId === b.patientId)).toBe(false);
            }
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    // The runs did book: a property over empty answers proves nothing.
    expect(offeredInAll).toBeGreaterThan(RUNS);
  }, 120_000);
});
