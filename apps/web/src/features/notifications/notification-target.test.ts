import type { NotificationKind, RoleName } from '@rozmova/contract';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../lib/session';
import { notificationTarget } from './notification-target';

const as = (role: RoleName): Session => ({ token: 't', email: 'a@b.c', role, profileCompleted: true, user: null });
const about = (kind: NotificationKind, appointmentId: number | null = 5, patientId: number | null = null) => ({
  kind,
  appointmentId,
  patientId,
});

describe('where a notification leads', () => {
  it('opens the conversation of a new message', () => {
    expect(notificationTarget({ ...about('MESSAGE', null), conversationId: 7 }, as('ROLE_PATIENT'))).toBe('/messages/7');
    expect(notificationTarget({ ...about('MESSAGE', null), conversationId: null }, as('ROLE_PATIENT'))).toBeNull();
  });

  it("goes to the reader's appointments when it is about one", () => {
    expect(notificationTarget(about('BOOKED'), as('ROLE_PSYCHOLOGIST'))).toBe('/doctor/appointments');
    expect(notificationTarget(about('REMINDER_1H'), as('ROLE_PATIENT'))).toBe('/patient/appointments');
    expect(notificationTarget(about('RESCHEDULED'), as('ROLE_PATIENT'))).toBe('/patient/appointments');
  });

  it('opens the archived tab for a session canceled or missed', () => {
    expect(notificationTarget(about('CANCELED'), as('ROLE_PATIENT'))).toBe('/patient/appointments?tab=archived');
    expect(notificationTarget(about('NO_SHOW'), as('ROLE_PATIENT'))).toBe('/patient/appointments?tab=archived');
    expect(notificationTarget(about('CANCELED'), as('ROLE_PSYCHOLOGIST'))).toBe('/doctor/appointments?tab=archived');
  });

  it('stays put for a message, or for a role without an appointments screen', () => {
    expect(notificationTarget(about('MESSAGE', null), as('ROLE_PATIENT'))).toBeNull();
    expect(notificationTarget(about('BOOKED'), as('ROLE_MODERATOR'))).toBeNull();
  });

  it("opens the patient's view with their questionnaires from a risk alert", () => {
    expect(notificationTarget(about('RISK_ALERT', null, 42), as('ROLE_PSYCHOLOGIST'))).toBe('/doctor/appointments?patient=42');
    expect(notificationTarget(about('RISK_ALERT', null), as('ROLE_PSYCHOLOGIST'))).toBe('/doctor/appointments');
  });

  it("opens the psychologist's profile, with their documents, from a verification's outcome", () => {
    expect(notificationTarget(about('VERIFIED', null), as('ROLE_PSYCHOLOGIST'))).toBe('/doctor/profile');
    expect(notificationTarget(about('VERIFICATION_REJECTED', null), as('ROLE_PSYCHOLOGIST'))).toBe('/doctor/profile');
    expect(notificationTarget(about('VERIFICATION_WITHDRAWN', null), as('ROLE_PSYCHOLOGIST'))).toBe('/doctor/profile');
  });

  it('takes staff to their own lists, which have no archived tab', () => {
    expect(notificationTarget(about('CANCELED'), as('ROLE_MANAGER'))).toBe('/manager/appointments');
    expect(notificationTarget(about('BOOKED'), as('ROLE_ADMIN'))).toBe('/admin/appointments');
  });
});
