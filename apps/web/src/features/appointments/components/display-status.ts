import type { AppointmentStatus, AppointmentTab } from '@rozmova/contract';

export type DisplayStatus = AppointmentStatus | 'COMPLETED';

/** A confirmed appointment in the archive has ended, so it took place: it reads "Completed", not "Confirmed". */
export function displayStatus(status: AppointmentStatus, tab: AppointmentTab): DisplayStatus {
  return tab === 'archived' && status === 'CONFIRMED' ? 'COMPLETED' : status;
}
