import { api } from '../../../lib/api';

export const fetchCalendarInvite = (appointmentId: number) =>
  api<Blob>(`/appointments/${appointmentId}/calendar.ics`, { responseType: 'blob' });

export const calendarFileName = (appointmentId: number) => `rozmova-session-${appointmentId}.ics`;

/** Hands a file to the browser's downloads, as a link with `download` would. */
export function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a session's calendar invitation (.ics) with the signed-in account's token, which a plain link could not
 * send; a refusal or failure rejects with the API's error.
 */
export async function downloadCalendarInvite(appointmentId: number): Promise<void> {
  saveFile(await fetchCalendarInvite(appointmentId), calendarFileName(appointmentId));
}
