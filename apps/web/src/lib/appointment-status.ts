import type { AppointmentStatus } from '@rozmova/contract';

/** The status a person reads: a confirmed session whose end has passed took place, so it reads "Completed". */
export type ShownStatus = AppointmentStatus | 'COMPLETED';

/** The one rule every list of every role follows. */
export const shownStatus = (status: AppointmentStatus, ended: boolean): ShownStatus =>
  status === 'CONFIRMED' && ended ? 'COMPLETED' : status;

export const STATUS_COLORS: Record<ShownStatus, string> = {
  CONFIRMED: 'teal',
  COMPLETED: 'gray',
  CANCELED: 'red',
  NO_SHOW: 'orange',
};
