import { type ComponentType, lazy } from 'react';
import LandingPage from '../features/landing/landing-page';
import { needTexts, type TextGroup } from '../lib/i18n';
import { livePage } from './live-page';
import { loadOverlays } from './overlays-loader';

/** Who may open a route: everyone, only guests, any signed-in user, or users whose role contains one of these. */
export type Access = 'public' | 'guest' | 'signed-in' | { roles: string[] };

export type AppRoute = {
  path: string;
  access: Access;
  /** i18n key of the page title. */
  title: string;
  /** The screen; routes without one show a clear 'coming soon' inside the layout. */
  page?: ComponentType;
};

type PageModule = { default: ComponentType };

const live = (module: PageModule): PageModule => ({ default: livePage(module.default) });

/**
 * A screen in its own chunk, loaded with every Mantine style sheet, the modals host and the texts of the screens
 * behind sign-in, which the entry leaves out (styles-light.ts, overlays.tsx, lib/i18n.ts). The server preloads a
 * route's chunks and texts (build/routes.mjs reads this table).
 */
const lazyPage = (load: () => Promise<PageModule>, texts: TextGroup[] = ['app']) =>
  lazy(() =>
    Promise.all([load(), import('./styles-full'), loadOverlays(), ...texts.map(needTexts)]).then(([page]) => live(page)),
  );

/** A manager's or admin's screen: its texts, like its code, never reach anyone else. */
const staffPage = (load: () => Promise<PageModule>) => lazyPage(load, ['app', 'staff']);

/** A sign-in screen in its own chunk: it uses only the styles the entry carries, and is pre-rendered at build time. */
const lightPage = (load: () => Promise<PageModule>) => lazy(() => load().then(live));

const PSYCHOLOGIST = { roles: ['PSYCHOLOGIST'] };
const PATIENT = { roles: ['PATIENT'] };
const MANAGER = { roles: ['MANAGER'] };
const ADMIN = { roles: ['ADMIN'] };

/** The route table of the spec, with its guards and titles. */
export const appRoutes: AppRoute[] = [
  // In the entry chunk: the first page most visitors see, pre-rendered and hydrated without waiting for another chunk.
  { path: '/', access: 'public', title: 'titles.home', page: livePage(LandingPage) },
  // Signed-in users have nothing to do here: the guard sends them on to /dashboard (or /onboarding).
  { path: '/login', access: 'guest', title: 'titles.login', page: lightPage(() => import('../features/auth/login-page')) },
  {
    path: '/magic-login',
    access: 'public',
    title: 'titles.magicLogin',
    page: lazyPage(() => import('../features/auth/magic-login-page')),
  },
  {
    path: '/auth-email',
    access: 'guest',
    title: 'titles.authEmail',
    page: lazyPage(() => import('../features/auth/auth-email-page')),
  },
  {
    path: '/dashboard',
    access: 'signed-in',
    title: 'titles.dashboard',
    page: lazyPage(() => import('../features/dashboard/dashboard-page')),
  },
  {
    path: '/onboarding',
    access: 'signed-in',
    title: 'titles.onboarding',
    page: lazyPage(() => import('../features/onboarding/onboarding-page')),
  },
  {
    path: '/doctor/profile',
    access: PSYCHOLOGIST,
    title: 'titles.doctorProfile',
    page: lazyPage(() => import('../features/psychologist/profile-page')),
  },
  {
    path: '/doctor/schedule',
    access: PSYCHOLOGIST,
    title: 'titles.doctorSchedule',
    page: lazyPage(() => import('../features/psychologist/schedule-page')),
  },
  {
    path: '/doctor/appointments',
    access: PSYCHOLOGIST,
    title: 'titles.doctorAppointments',
    page: lazyPage(() => import('../features/appointments/doctor-appointments-page')),
  },
  {
    path: '/doctor/records',
    access: PSYCHOLOGIST,
    title: 'titles.doctorRecords',
    page: lazyPage(() => import('../features/records/records-page')),
  },
  {
    path: '/doctor/profile/:id',
    access: 'signed-in',
    title: 'titles.doctorPublic',
    page: lazyPage(() => import('../features/psychologist/doctor-page')),
  },
  {
    path: '/patient/profile',
    access: PATIENT,
    title: 'titles.patientProfile',
    page: lazyPage(() => import('../features/patient/profile-page')),
  },
  {
    path: '/patient/doctors',
    access: PATIENT,
    title: 'titles.patientDoctors',
    page: lazyPage(() => import('../features/search/doctors-page')),
  },
  {
    path: '/patient/appointments',
    access: PATIENT,
    title: 'titles.patientAppointments',
    page: lazyPage(() => import('../features/appointments/patient-appointments-page')),
  },
  {
    path: '/manager/appointments',
    access: MANAGER,
    title: 'titles.managerAppointments',
    page: staffPage(() => import('../features/manager/appointments-page')),
  },
  {
    path: '/manager/profile',
    access: MANAGER,
    title: 'titles.managerProfile',
    page: staffPage(() => import('../features/manager/profile-page')),
  },
  {
    path: '/manager/dashboard',
    access: MANAGER,
    title: 'titles.managerDashboard',
    page: staffPage(() => import('../features/manager/dashboard-page')),
  },
  {
    path: '/admin/users',
    access: ADMIN,
    title: 'titles.adminUsers',
    page: staffPage(() => import('../features/admin/users-page')),
  },
  {
    path: '/admin/managers',
    access: ADMIN,
    title: 'titles.adminManagers',
    page: staffPage(() => import('../features/admin/managers-page')),
  },
  {
    path: '/admin/profile',
    access: ADMIN,
    title: 'titles.adminProfile',
    page: staffPage(() => import('../features/admin/profile-page')),
  },
  {
    path: '/admin/appointments',
    access: ADMIN,
    title: 'titles.adminAppointments',
    page: staffPage(() => import('../features/admin/appointments-page')),
  },
  {
    path: '/admin/audit',
    access: ADMIN,
    title: 'titles.adminAudit',
    page: staffPage(() => import('../features/admin/audit-page')),
  },
  {
    path: '/video-chat-room',
    access: { roles: ['PATIENT', 'PSYCHOLOGIST'] },
    title: 'titles.videoRoom',
    page: lazyPage(() => import('../features/video/video-room-page')),
  },
  {
    path: '/profile',
    access: 'signed-in',
    title: 'titles.profile',
    page: lazyPage(() => import('../features/profile/profile-page')),
  },
];

/** Every address the table does not know (the server answers them with index.html). */
export const notFoundRoute: AppRoute = {
  path: '*',
  access: 'public',
  title: 'titles.notFound',
  page: lazyPage(() => import('../features/not-found/not-found-page')),
};
