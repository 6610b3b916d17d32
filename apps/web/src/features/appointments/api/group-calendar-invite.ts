import { api } from '../../../lib/api';
import { saveFile } from './calendar-invite';

export const fetchGroupCalendarInvite = (sessionId: number) =>
  api<Blob>(`/group-sessions/${sessionId}/calendar.ics`, { responseType: 'blob' });

export const groupCalendarFileName = (sessionId: number) => `rozmova-group-session-${sessionId}.ics`;

/** Downloads a group session's calendar invitation (.ics), one per session as the invitation mails carry them. */
export async function downloadGroupCalendarInvite(sessionId: number): Promise<void> {
  saveFile(await fetchGroupCalendarInvite(sessionId), groupCalendarFileName(sessionId));
}
