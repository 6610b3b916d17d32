import { type DayOfWeek, formatTime, parseTime, type Schedule, scheduleSchema } from '@rozmova/contract';
import { replaceSlots } from '../../modules/psychologist/repository.js';
import { toSlotRows } from '../../modules/psychologist/schedule-service.js';
import type { Db } from '../client.js';

/** A block of equal slots on some days, e.g. 09:00–13:00 every 60 minutes. */
type Block = { days: DayOfWeek[]; from: string; to: string; every: 30 | 60 | 120 };

const WEEKDAYS: DayOfWeek[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];

/** Realistic weeks with mixed slot lengths, one per demo psychologist in seed order. */
const demoWeeks: Block[][] = [
  // Hourly sessions on weekdays with a lunch break, short 30-minute consultations on Saturday morning.
  [
    { days: WEEKDAYS, from: '09:00', to: '13:00', every: 60 },
    { days: WEEKDAYS, from: '14:00', to: '17:00', every: 60 },
    { days: ['SATURDAY'], from: '10:00', to: '13:00', every: 30 },
  ],
  // Long 120-minute sessions three days a week, evening hours on Tuesday and Thursday.
  [
    { days: ['MONDAY', 'WEDNESDAY', 'FRIDAY'], from: '10:00', to: '18:00', every: 120 },
    { days: ['TUESDAY', 'THURSDAY'], from: '17:00', to: '21:00', every: 60 },
  ],
  // Family sessions of 120 minutes in the afternoons, hourly mornings, a short Sunday consultation window.
  [
    { days: ['TUESDAY', 'THURSDAY'], from: '08:00', to: '12:00', every: 60 },
    { days: ['MONDAY', 'WEDNESDAY', 'FRIDAY'], from: '14:00', to: '20:00', every: 120 },
    { days: ['SUNDAY'], from: '11:00', to: '13:00', every: 30 },
  ],
];

/** Lays blocks out as a week, checked by the same rules as a psychologist's own save. */
function buildWeek(blocks: Block[]): Schedule {
  const byDay = new Map<DayOfWeek, { startTime: string; endTime: string }[]>();
  for (const { days, from, to, every } of blocks) {
    for (const day of days) {
      const slots = byDay.get(day) ?? [];
      for (let start = parseTime(from) as number; start + every <= (parseTime(to) as number); start += every) {
        slots.push({ startTime: formatTime(start), endTime: formatTime(start + every) });
      }
      byDay.set(day, slots);
    }
  }
  return scheduleSchema.parse([...byDay].map(([dayOfWeek, timeSlots]) => ({ dayOfWeek, timeSlots })));
}

/** Gives each demo psychologist a weekly schedule; running it again leaves the same weeks. */
export async function seedPractice(db: Db, users: { psychologists: number[] }): Promise<void> {
  for (const [i, psychologistId] of users.psychologists.entries()) {
    await replaceSlots(db, psychologistId, toSlotRows(buildWeek(demoWeeks[i % demoWeeks.length])), undefined);
  }
}
