import type { Notification, NotificationKind } from '@rozmova/contract';
import { hasRole, type Session } from '../../lib/session';

/** Kinds whose appointment is no longer upcoming: it is found on the archived tab. */
const ARCHIVED: NotificationKind[] = ['CANCELED', 'NO_SHOW'];

/** Kinds that tell a psychologist what became of their documents: their profile, where the documents are, opens. */
const VERIFICATION: NotificationKind[] = ['VERIFIED', 'VERIFICATION_REJECTED', 'VERIFICATION_WITHDRAWN'];

/** Each role's appointments screen, and whether it has the active and archived tabs of patients and psychologists. */
const SCREENS = [
  { role: 'PSYCHOLOGIST', path: '/doctor/appointments', tabs: true },
  { role: 'PATIENT', path: '/patient/appointments', tabs: true },
  { role: 'MANAGER', path: '/manager/appointments', tabs: false },
  { role: 'ADMIN', path: '/admin/appointments', tabs: false },
];

/**
 * Where opening a notification leads: the reader's appointments screen when it is about an appointment (on the
 * archived tab for one canceled or missed), the patient's view with their questionnaires for a risk alert, the
 * psychologist's profile for a verification, nowhere otherwise; a new message opens its conversation.
 */
export function notificationTarget(
  n: Pick<Notification, 'kind' | 'appointmentId' | 'patientId'> & { conversationId?: number | null },
  session: Session,
): string | null {
  if (n.conversationId) return `/messages/${n.conversationId}`;
  if (n.kind === 'RISK_ALERT' && hasRole(session, 'PSYCHOLOGIST')) {
    return n.patientId === null ? '/doctor/appointments' : `/doctor/appointments?patient=${n.patientId}`;
  }
  if (VERIFICATION.includes(n.kind) && hasRole(session, 'PSYCHOLOGIST')) return '/doctor/profile';
  if (n.appointmentId === null) return null;
  const screen = SCREENS.find((s) => hasRole(session, s.role));
  if (!screen) return null;
  return screen.tabs && ARCHIVED.includes(n.kind) ? `${screen.path}?tab=archived` : screen.path;
}
