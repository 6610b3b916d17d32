import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSlots, dateFromToday, nextWeekday, platformInstant } from './booking-helpers.js';
import { createPatient, createPsychologist } from './factories.js';
import { buildTestApp, call, type TestContext } from './helpers.js';

let ctx: TestContext;
type Line = { reqId?: string; msg?: string; url?: string; method?: string; job?: string };
const lines: Line[] = [];
beforeAll(async () => {
  const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  ctx = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream });
});
afterAll(() => ctx?.close());

describe('request ids', () => {
  it('the mails a booking causes, sent by a queued job, carry the booking request id on their log line and as a header', async () => {
    const psy = await createPsychologist(ctx.app);
    const patient = await createPatient(ctx.app);
    await addSlots(ctx.app, psy.id, 'FRIDAY', ['15:00', '16:00']);
    const friday = nextWeekday(dateFromToday(ctx.app, 1), 'FRIDAY');
    const booked = await call(ctx.app, {
      method: 'POST',
      url: '/api/patient/appointments',
      token: patient.token,
      payload: { psychologistId: psy.id, startsAt: platformInstant(friday, '15:00').toISOString() },
    });
    expect(booked.status).toBe(201);
    const request = lines.find(
      (l) => l.msg === 'request completed' && l.method === 'POST' && l.url === '/api/patient/appointments',
    );
    const reqId = request?.reqId as string;
    expect(reqId).toMatch(/^req-/);

    // Both sides are told by mail, each sent by a job of the queue, later and outside the request.
    const [toPatient] = await ctx.mail.waitForMails(patient.email, 1);
    const [toPsychologist] = await ctx.mail.waitForMails(psy.email, 1);
    for (const mail of [toPatient, toPsychologist])
      expect(mail.raw).toMatch(new RegExp(`^X-Rozmova-Request: ${reqId}\\r?$`, 'mi'));
    await expect.poll(() => lines.filter((l) => l.msg === 'mail sent' && l.reqId === reqId).length).toBe(2);

    // Another request's mails carry its own id, not this one's.
    const other = await createPatient(ctx.app);
    await call(ctx.app, { method: 'POST', url: '/api/auth/email/request-code', payload: { email: other.email } });
    const [code] = await ctx.mail.waitForMails(other.email, 1);
    const codeRequest = lines.findLast((l) => l.msg === 'request completed' && l.url === '/api/auth/email/request-code');
    expect(codeRequest?.reqId).not.toBe(reqId);
    expect(code.raw).toContain(`X-Rozmova-Request: ${codeRequest?.reqId}`);
  });
});
