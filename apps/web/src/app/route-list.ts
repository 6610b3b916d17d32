/**
 * The route table of the spec as plain data: the browser's router (routes.tsx), the build's pre-renderer and the
 * server's preload links (build/finish.mjs writes it to dist/.vite/routes.json) all read this one list.
 */

/** Who may open a route: everyone, only guests, any signed-in user, or users whose role contains one of these. */
export type Access = 'public' | 'guest' | 'signed-in' | { roles: string[] };

/**
 * How a screen loads: `light` uses only the styles and texts the entry carries (the sign-in pages), `lazy` brings
 * every Mantine style sheet, the modals host and the texts behind sign-in, `staff` also the manager's and admin's texts.
 */
export type PageKind = 'light' | 'lazy' | 'staff';

/**
 * Pages built as HTML at build time: `static` needs no JavaScript at all (the landing page: its few live parts are
 * plain links and public/landing.js), `hydrate` is taken over by the app. `from` is the address rendered, where the
 * page shows one state only with a query (the magic link's token).
 */
export type Prerender = { mode: 'static' | 'hydrate'; from?: string };

export type RouteEntry = {
  path: string;
  access: Access;
  /** i18n key of the page title. */
  title: string;
  /** The screen's module, under src/. */
  module: string;
  kind: PageKind;
  prerender?: Prerender;
};

const PSYCHOLOGIST = { roles: ['PSYCHOLOGIST'] };
const PATIENT = { roles: ['PATIENT'] };
const MANAGER = { roles: ['MANAGER'] };
const ADMIN = { roles: ['ADMIN'] };

export const ROUTES: RouteEntry[] = [
  {
    path: '/',
    access: 'public',
    title: 'titles.home',
    module: 'features/landing/landing-page.tsx',
    kind: 'light',
    prerender: { mode: 'static' },
  },
  // Signed-in users have nothing to do here: the guard sends them on to /dashboard (or /onboarding).
  {
    path: '/login',
    access: 'guest',
    title: 'titles.login',
    module: 'features/auth/login-page.tsx',
    kind: 'light',
    prerender: { mode: 'hydrate' },
  },
  {
    path: '/magic-login',
    access: 'public',
    title: 'titles.magicLogin',
    module: 'features/auth/magic-login-page.tsx',
    kind: 'light',
    // Only a link with a token shows the page's first state (signing in); without one it shows an error at once.
    prerender: { mode: 'hydrate', from: '/magic-login?token=link' },
  },
  // The second step of a sign-in, after the first factor of an account with two-step verification.
  { path: '/two-step', access: 'guest', title: 'titles.twoStep', module: 'features/auth/two-step-page.tsx', kind: 'lazy' },
  { path: '/passkey', access: 'guest', title: 'titles.passkey', module: 'features/auth/passkey-page.tsx', kind: 'lazy' },
  {
    path: '/security',
    access: 'signed-in',
    title: 'titles.security',
    module: 'features/security/security-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/auth-email',
    access: 'guest',
    title: 'titles.authEmail',
    module: 'features/auth/auth-email-page.tsx',
    kind: 'light',
    prerender: { mode: 'hydrate' },
  },
  {
    path: '/dashboard',
    access: 'signed-in',
    title: 'titles.dashboard',
    module: 'features/dashboard/dashboard-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/onboarding',
    access: 'signed-in',
    title: 'titles.onboarding',
    module: 'features/onboarding/onboarding-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/doctor/profile',
    access: PSYCHOLOGIST,
    title: 'titles.doctorProfile',
    module: 'features/psychologist/psychologist-profile-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/doctor/schedule',
    access: PSYCHOLOGIST,
    title: 'titles.doctorSchedule',
    module: 'features/psychologist/schedule-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/doctor/appointments',
    access: PSYCHOLOGIST,
    title: 'titles.doctorAppointments',
    module: 'features/appointments/doctor-appointments-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/doctor/records',
    access: PSYCHOLOGIST,
    title: 'titles.doctorRecords',
    module: 'features/records/records-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/groups',
    access: PSYCHOLOGIST,
    title: 'nav.groups',
    module: 'features/groups/groups-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/groups/:id',
    access: PSYCHOLOGIST,
    title: 'nav.groups',
    module: 'features/groups/group-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/messages',
    access: { roles: ['PATIENT', 'PSYCHOLOGIST'] },
    title: 'messages.title',
    module: 'features/messages/messages-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/messages/:id',
    access: { roles: ['PATIENT', 'PSYCHOLOGIST'] },
    title: 'messages.title',
    module: 'features/messages/conversation-page.tsx',
    kind: 'lazy',
  },
  // Open to visitors too: a verified psychologist's profile before signing up (booking asks for a sign-in).
  {
    path: '/psychologists',
    access: 'public',
    title: 'titles.patientDoctors',
    module: 'features/psychologist/psychologists-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/doctor/profile/:id',
    access: 'public',
    title: 'titles.doctorPublic',
    module: 'features/psychologist/doctor-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/patient/profile',
    access: PATIENT,
    title: 'titles.patientProfile',
    module: 'features/patient/patient-profile-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/patient/measures',
    access: PATIENT,
    title: 'titles.patientMeasures',
    module: 'features/measures/measures-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/patient/doctors',
    access: PATIENT,
    title: 'titles.patientDoctors',
    module: 'features/search/doctors-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/group/:id',
    access: PATIENT,
    title: 'titles.patientGroup',
    module: 'features/search/group-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/patient/appointments',
    access: PATIENT,
    title: 'titles.patientAppointments',
    module: 'features/appointments/patient-appointments-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/manager/appointments',
    access: MANAGER,
    title: 'titles.managerAppointments',
    module: 'features/manager/manager-appointments-page.tsx',
    kind: 'staff',
  },
  {
    path: '/manager/profile',
    access: MANAGER,
    title: 'titles.managerProfile',
    module: 'features/manager/manager-profile-page.tsx',
    kind: 'staff',
  },
  {
    path: '/manager/dashboard',
    access: MANAGER,
    title: 'titles.managerDashboard',
    module: 'features/manager/manager-dashboard-page.tsx',
    kind: 'staff',
  },
  { path: '/admin/users', access: ADMIN, title: 'titles.adminUsers', module: 'features/admin/users-page.tsx', kind: 'staff' },
  {
    path: '/admin/managers',
    access: ADMIN,
    title: 'titles.adminManagers',
    module: 'features/admin/managers-page.tsx',
    kind: 'staff',
  },
  {
    path: '/admin/profile',
    access: ADMIN,
    title: 'titles.adminProfile',
    module: 'features/admin/admin-profile-page.tsx',
    kind: 'staff',
  },
  {
    path: '/admin/appointments',
    access: ADMIN,
    title: 'titles.adminAppointments',
    module: 'features/admin/admin-appointments-page.tsx',
    kind: 'staff',
  },
  {
    path: '/admin/groups',
    access: ADMIN,
    title: 'titles.adminGroups',
    module: 'features/admin/admin-groups-page.tsx',
    kind: 'staff',
  },
  { path: '/admin/audit', access: ADMIN, title: 'titles.adminAudit', module: 'features/admin/audit-page.tsx', kind: 'staff' },
  {
    path: '/video-chat-room',
    access: { roles: ['PATIENT', 'PSYCHOLOGIST'] },
    title: 'titles.videoRoom',
    module: 'features/video/video-room-page.tsx',
    kind: 'lazy',
  },
  {
    path: '/profile',
    access: 'signed-in',
    title: 'titles.profile',
    module: 'features/profile/moderator-profile-page.tsx',
    kind: 'lazy',
  },
  // The own data (an archive, deleting the account) and the privacy notice, which guests read before signing up.
  { path: '/privacy', access: 'signed-in', title: 'privacy.title', module: 'features/privacy/privacy-page.tsx', kind: 'lazy' },
  {
    path: '/privacy-notice',
    access: 'public',
    title: 'privacy.notice.title',
    module: 'features/privacy/privacy-notice-page.tsx',
    kind: 'lazy',
  },
  // Every address the table does not know (the server answers them with index.html).
  { path: '*', access: 'public', title: 'titles.notFound', module: 'features/not-found/not-found-page.tsx', kind: 'lazy' },
];

/** The text groups (src/lib/i18n.ts) a screen of this kind loads before it shows. */
export const TEXT_GROUPS = { light: [], lazy: ['app'], staff: ['app', 'staff'] } as const satisfies Record<PageKind, string[]>;
