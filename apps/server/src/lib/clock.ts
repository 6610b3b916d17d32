import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Where the current instant comes from: the system clock in production, a clock the test sets in tests. */
export type Now = () => Date;

const systemNow: Now = () => new Date();

/** Today's date and the minutes elapsed since its 00:00, to compare with stored slot minutes. */
export type PlatformNow = { date: string; minute: number };

/** Whether a (date, minute) moment lies strictly after now, both in platform wall-clock time. */
export const isAfterNow = (date: string, minute: number, now: PlatformNow): boolean =>
  date > now.date || (date === now.date && minute > now.minute);

/** "Now" on the platform's wall clock: the one place the server reads the time of day. */
export class PlatformClock {
  constructor(
    readonly timeZone: string,
    private readonly now: Now = systemNow,
  ) {}

  /** The current instant. */
  instant(): Date {
    return this.now();
  }

  /** The current moment in the platform zone. */
  moment(): Dayjs {
    return dayjs(this.now()).tz(this.timeZone);
  }

  /** Today's date (YYYY-MM-DD) in the platform zone. */
  today(): string {
    return this.moment().format('YYYY-MM-DD');
  }

  nowMinute(): PlatformNow {
    const now = this.moment();
    return { date: now.format('YYYY-MM-DD'), minute: now.hour() * 60 + now.minute() };
  }
}
