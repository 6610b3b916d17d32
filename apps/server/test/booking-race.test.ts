import { formatTime } from '@rozmova/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../src/db/schema/index.js';
import { dayOfWeekOf } from '../src/lib/time.js';
import { addSlots, book, dateFromToday, halfHourDay, platformInstant } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { buildTestApp, type TestContext } from './helpers.js';

const ROUNDS = 20;
const CLIENTS = 50;

let ctx: TestContext;
let doc: TestUser;
let patients: TestUser[];
let date: string;
const errors: string[] = [];
beforeAll(async () => {
  ctx = await buildTestApp({ LOG_LEVEL: 'error' }, { logStream: { write: (line) => void errors.push(line) } });
  doc = await createPsychologist(ctx.app);
  date = dateFromToday(ctx.app, 1);
  await addSlots(ctx.app, doc.id, dayOfWeekOf(date), ...halfHourDay());
  patients = [];
  for (let i = 0; i < CLIENTS; i++) patients.push(await createPatient(ctx.app));
}, 120_000);
afterAll(() => ctx.close());

const rowsAt = (startMinute: number) =>
  ctx.app.db
    .select()
    .from(appointments)
    .where(
      and(eq(appointments.psychologistId, doc.id), eq(appointments.startsAt, platformInstant(date, formatTime(startMinute)))),
    );

describe('the booking race', () => {
  // Each round is one slot (its own half hour of the same day) booked by all 50 patients at once through the HTTP
  // layer. On PostgreSQL the requests run in parallel transactions on the pool; PGlite has one connection, so there
  // they queue — the test then proves the check and the insert cannot interleave. 1,000 bookings in all, which is
  // what makes the file take tens of seconds on a busy machine.
  it(`gives each of ${ROUNDS} slots to exactly one of ${CLIENTS} concurrent clients, with one row per slot`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [startTime, endTime] = halfHourDay()[16 + round];
      // A different patient goes first each round, so no one runs into the limit of upcoming appointments.
      const order = patients.map((_, i) => patients[(i + round) % CLIENTS]);
      const results = await Promise.all(
        order.map((p) => book(ctx.app, p.token, { psychologistId: doc.id, date, startTime, endTime })),
      );
      const won = results.filter((r) => r.status === 201);
      const lost = results.filter((r) => r.status !== 201);
      if (results.some((r) => r.status >= 500)) console.error(errors.slice(0, 3).join('\n'));
      expect(won, `round ${round}`).toHaveLength(1);
      expect(
        lost.map((r) => `${r.status} ${r.body.code}`),
        `round ${round}`,
      ).toEqual(Array(CLIENTS - 1).fill('409 SLOT_TAKEN'));

      const rows = await rowsAt(Number(startTime.slice(0, 2)) * 60 + Number(startTime.slice(3)));
      expect(rows, `round ${round}`).toHaveLength(1);
      expect(rows[0].id).toBe(won[0].body.id);
      expect(rows[0].status).toBe('CONFIRMED');
    }
    const all = await ctx.app.db.select().from(appointments).where(eq(appointments.psychologistId, doc.id));
    expect(all).toHaveLength(ROUNDS);
    expect(new Set(all.map((a) => a.videoCallRoomId)).size).toBe(ROUNDS);
  }, 300_000);
});
