import { hasRole, type Session } from './session';

export type NavItem = { to: string; label: string };

/** Top-navigation items by role; shown only once the profile is complete. */
export function navItems(session: Session): NavItem[] {
  if (!session.token || !session.profileCompleted) return [];
  if (hasRole(session, 'PSYCHOLOGIST'))
    return [
      { to: '/doctor/appointments', label: 'nav.appointments' },
      { to: '/doctor/records', label: 'nav.records' },
      { to: '/doctor/schedule', label: 'nav.schedule' },
      { to: '/groups', label: 'nav.groups' },
    ];
  if (hasRole(session, 'PATIENT'))
    return [
      { to: '/patient/doctors', label: 'nav.findDoctors' },
      { to: '/patient/appointments', label: 'nav.myAppointments' },
    ];
  if (hasRole(session, 'MANAGER'))
    return [
      { to: '/manager/appointments', label: 'nav.appointments' },
      { to: '/manager/dashboard', label: 'nav.dashboard' },
    ];
  if (hasRole(session, 'ADMIN'))
    return [
      { to: '/admin/users', label: 'nav.users' },
      { to: '/admin/managers', label: 'nav.managers' },
      { to: '/admin/appointments', label: 'nav.appointments' },
      { to: '/admin/groups', label: 'nav.groups' },
      { to: '/admin/audit', label: 'nav.audit' },
    ];
  return [];
}

export function profilePath(session: Session): string {
  if (hasRole(session, 'PSYCHOLOGIST')) return '/doctor/profile';
  if (hasRole(session, 'PATIENT')) return '/patient/profile';
  if (hasRole(session, 'MANAGER')) return '/manager/profile';
  if (hasRole(session, 'ADMIN')) return '/admin/profile';
  return '/profile';
}
