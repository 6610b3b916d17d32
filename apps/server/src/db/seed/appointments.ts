import { randomUUID } from 'node:crypto';
import { isAfterNow, type PlatformClock } from '../../lib/clock.js';
import { addDays, dayOfWeekOf } from '../../lib/time.js';
import { addMinutes, instantOf } from '../../lib/zoned.js';
import { cancelConfirmed, insertConfirmed } from '../../modules/appointments/repository.js';
import { findSlots, type SlotRow } from '../../modules/psychologist/repository.js';
import type { Db } from '../client.js';

type Occurrence = { date: string; startMinute: number; endMinute: number };

/** One patient's course with one psychologist: sessions behind and ahead, and which one was canceled, if any. */
type Course = {
  psychologist: number;
  patient: number;
  past: number;
  future: number;
  cancel?: { in: 'past' | 'future'; index: number; reason: string };
};

// The reasons are in the language of the psychologist who gave them (Olena and Iryna write in Ukrainian).
const COURSES: Course[] = [
  {
    psychologist: 0,
    patient: 0,
    past: 3,
    future: 2,
    cancel: { in: 'past', index: 1, reason: 'Пацієнтка попросила перенести сесію через відрядження.' },
  },
  {
    psychologist: 1,
    patient: 1,
    past: 2,
    future: 2,
    cancel: { in: 'future', index: 0, reason: 'I am speaking at a conference that day. Please book another time; I am sorry.' },
  },
  {
    psychologist: 2,
    patient: 0,
    past: 1,
    future: 1,
    cancel: { in: 'past', index: 0, reason: 'У районі вимкнули світло, тож дзвінок не відбувся.' },
  },
  { psychologist: 2, patient: 1, past: 0, future: 1 },
];

/** Occurrences of the weekly slots on the days `from`..`to` (inclusive, relative to today), nearest to today first. */
function occurrences(week: SlotRow[], today: string, from: number, to: number): Occurrence[] {
  const step = from <= to ? 1 : -1;
  const list: Occurrence[] = [];
  for (let day = from; day !== to + step; day += step) {
    const date = addDays(today, day);
    const slots = week.filter((s) => s.dayOfWeek === dayOfWeekOf(date));
    list.push(
      ...(step > 0 ? slots : [...slots].reverse()).map((s) => ({ date, startMinute: s.startMinute, endMinute: s.endMinute })),
    );
  }
  return list;
}

/**
 * Demo appointments relative to today in the platform zone: finished sessions in the past weeks and sessions on the
 * demo psychologists' schedules in the coming weeks, a few canceled with a reason. Meant for a database without
 * appointments for these users (the demo seed runs only on an empty database).
 */
export async function seedAppointments(
  db: Db,
  users: { psychologists: number[]; patients: number[] },
  clock: PlatformClock,
): Promise<void> {
  const now = clock.nowMinute();
  const busy: { key: string; o: Occurrence }[] = [];
  const free = (key: string, o: Occurrence) =>
    !busy.some((b) => b.key === key && b.o.date === o.date && b.o.startMinute < o.endMinute && b.o.endMinute > o.startMinute);

  for (const course of COURSES) {
    const psychologistId = users.psychologists[course.psychologist];
    const patientId = users.patients[course.patient];
    if (psychologistId === undefined || patientId === undefined) continue;
    const week = await findSlots(db, psychologistId);
    const pick = (candidates: Occurrence[], count: number) => {
      const chosen: Occurrence[] = [];
      for (const o of candidates) {
        if (chosen.length === count) break;
        // About one session a week, never clashing with the other demo appointments of either person.
        if (chosen.some((c) => Math.abs(Date.parse(c.date) - Date.parse(o.date)) < 6 * 86_400_000)) continue;
        if (!free(`d${psychologistId}`, o) || !free(`p${patientId}`, o)) continue;
        chosen.push(o);
        busy.push({ key: `d${psychologistId}`, o }, { key: `p${patientId}`, o });
      }
      return chosen;
    };
    const past = pick(
      occurrences(week, now.date, 0, -35).filter((o) => !isAfterNow(o.date, o.endMinute, now)),
      course.past,
    ).reverse();
    const future = pick(
      occurrences(week, now.date, 0, 27).filter((o) => isAfterNow(o.date, o.startMinute, now)),
      course.future,
    );
    for (const [when, list] of [
      ['past', past],
      ['future', future],
    ] as const) {
      for (const [i, o] of list.entries()) {
        // Seeded psychologists keep the platform's zone, so their wall clock is the platform's.
        const startsAt = instantOf({ date: o.date, minute: o.startMinute }, clock.timeZone) as Date;
        const endsAt = addMinutes(startsAt, o.endMinute - o.startMinute);
        // As if booked a fortnight ahead (or now, for the soonest), so the demo's sessions get their reminders.
        const scheduledAt = new Date(Math.min(clock.instant().getTime(), startsAt.getTime() - 14 * 86_400_000));
        const id = await insertConfirmed(db, {
          psychologistId,
          patientId,
          startsAt,
          endsAt,
          videoCallRoomId: randomUUID(),
          scheduledAt,
        });
        if (course.cancel?.in === when && course.cancel.index === i)
          await cancelConfirmed(db, id, course.cancel.reason, clock.instant());
      }
    }
  }
}
