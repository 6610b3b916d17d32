import type { FastifyPluginAsync } from 'fastify';
import adminAppointments from './admin/appointments-routes.js';
import adminAssignments from './admin/assignments-routes.js';
import adminAudit from './admin/audit-routes.js';
import adminUsers from './admin/users-routes.js';
import appointments from './appointments/routes.js';
import authDevices from './auth/devices-routes.js';
import authMagicConfirm from './auth/magic-confirm-routes.js';
import authMfa from './auth/mfa-routes.js';
import authPasskeys from './auth/passkeys-routes.js';
import auth from './auth/routes.js';
import documents from './documents/routes.js';
import groups from './groups/routes.js';
import health from './health/routes.js';
import images from './images/routes.js';
import integrations from './integrations/routes.js';
import manager from './manager/routes.js';
import measures from './measures/routes.js';
import messages from './messages/routes.js';
import notifications from './notifications/routes.js';
import onboarding from './onboarding/routes.js';
import patient from './patient/routes.js';
import platform from './platform/routes.js';
import privacy from './privacy/routes.js';
import psychologistPublicProfile from './psychologist/public-profile-routes.js';
import psychologist from './psychologist/routes.js';
import records from './records/routes.js';
import reference from './reference/routes.js';
import reports from './reports/routes.js';
import search from './search/routes.js';
import users from './users/routes.js';
import video from './video/routes.js';

/** Every area's routes, mounted under /api. */
export const apiModules: FastifyPluginAsync[] = [
  auth,
  authMfa,
  authPasskeys,
  authMagicConfirm,
  authDevices,
  users,
  privacy,
  onboarding,
  integrations,
  health,
  platform,
  reference,
  psychologist,
  images,
  documents,
  psychologistPublicProfile,
  patient,
  search,
  appointments,
  records,
  reports,
  adminUsers,
  adminAssignments,
  adminAppointments,
  adminAudit,
  manager,
  measures,
  messages,
  notifications,
  groups,
  video,
];
