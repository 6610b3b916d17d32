import { describe, expect, it } from 'vitest';
import { type Availability, freeTimes, offeredTimes, type Times } from './free-slots.js';

const DAY = 86_400_000;
const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const iso = (times: Times) => times.starts.map((s, i) => [new Date(s).toISOString(), new Date(times.ends[i]).toISOString()]);
/** Sunday's weekly slots (weekday 7) in Kyiv, as [start minute, end minute]. */
const sundays = (...slots: [number, number][]): Availability => ({
  zone: 'Europe/Kyiv',
  week: slots.map(([s, e]) => [7, s, e]),
  blocks: [],
  extras: [],
  booked: [],
});
const around = (date: string) => [Date.parse(`${date}T00:00:00Z`) - DAY, Date.parse(`${date}T00:00:00Z`) + DAY] as const;

// Kyiv moves from UTC+2 to UTC+3 at 03:00 on 2026-03-29 and back at 04:00 on 2026-10-25; the instants below are
// worked out by hand from those offsets.
describe('weekly slots as instants across daylight-saving changes', () => {
  it('skips a start the clocks jump over and leaves out a slot the jump makes overlap the one before', () => {
    const [from, to] = around('2026-03-29');
    const offered = offeredTimes(sundays([150, 210], [210, 240], [240, 300], [300, 360]), from, to);
    expect(iso(offered)).toEqual([
      ['2026-03-29T00:30:00.000Z', '2026-03-29T01:30:00.000Z'],
      ['2026-03-29T02:00:00.000Z', '2026-03-29T03:00:00.000Z'],
    ]);
  });

  it('offers a repeated start once, at its later instant, leaving a gap of real time before it', () => {
    const [from, to] = around('2026-10-25');
    const offered = offeredTimes(sundays([120, 180], [180, 240], [240, 300]), from, to);
    expect(iso(offered)).toEqual([
      ['2026-10-24T23:00:00.000Z', '2026-10-25T00:00:00.000Z'],
      ['2026-10-25T01:00:00.000Z', '2026-10-25T02:00:00.000Z'],
      ['2026-10-25T02:00:00.000Z', '2026-10-25T03:00:00.000Z'],
    ]);
  });

  it('takes one-off slots and blocked days on the wall clock, and leaves booked and started slots out of the free ones', () => {
    const [from, to] = around('2026-10-25');
    const a: Availability = {
      ...sundays([120, 180], [180, 240], [240, 300]),
      extras: [[day('2026-10-24'), 1380, 1440]],
      blocks: [[day('2026-10-25'), day('2026-10-25')]],
    };
    expect(iso(offeredTimes(a, from, to))).toEqual([['2026-10-24T20:00:00.000Z', '2026-10-24T21:00:00.000Z']]);
    const open = { ...a, blocks: [] };
    const booked = Date.parse('2026-10-25T01:30:00Z') / 60_000;
    const free = freeTimes({ ...open, booked: [[booked, booked + 30]] }, from, to, Date.parse('2026-10-24T20:00:00Z'));
    expect(iso(free)).toEqual([
      ['2026-10-24T23:00:00.000Z', '2026-10-25T00:00:00.000Z'],
      ['2026-10-25T02:00:00.000Z', '2026-10-25T03:00:00.000Z'],
    ]);
  });
});
