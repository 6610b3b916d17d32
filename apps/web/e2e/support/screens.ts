import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { type AuthResponse, DAYS_OF_WEEK, type PlatformInfo, THERAPY_TYPES } from '@rozmova/contract';
import dayjs from 'dayjs';
import { type Lang, text } from './texts';
import { createOnboardedUser, DEMO_ADMIN, signInAsAdmin, signInByCode, uniqueEmail } from './users';

/** What a role's screens may refer to: ids of the rows its setup made. */
export type Ids = Record<string, number | string>;

export type Screen = {
  name: string;
  path: (ids: Ids) => string;
  /** What shows once the screen is complete (its data loaded); the page's heading when not given. */
  ready?: (page: Page, t: (key: string) => string) => Locator;
  /** Steps after arriving: open a dialog, a dropdown, the next step of a form. */
  act?: (page: Page, t: (key: string) => string) => Promise<void>;
  /** Session storage to set before arriving (empty value: remove); the screen is then loaded afresh, as after a reload. */
  session?: Record<string, string>;
  /** Load the screen afresh rather than navigating inside the app (a screen left in another state just before). */
  fresh?: boolean;
};

export type RoleScreens = {
  role: string;
  /** Makes the role's user and data through the API; `auth` null for a guest. */
  setup: (request: APIRequestContext) => Promise<{ auth: AuthResponse | null; ids: Ids }>;
  screens: Screen[];
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function ok(res: Promise<import('@playwright/test').APIResponse>) {
  const r = await res;
  expect(r.ok(), await r.text()).toBe(true);
  return r.json();
}

/** What the practice's people wrote: long Ukrainian texts by default, anything a test wants to show instead. */
export const PRACTICE_TEXTS = {
  doctorFirstName: 'Олександра',
  doctorLastName: 'Костянтинопольська-Шевченко',
  description: 'Працюю з тривогою, втратою та стосунками. '.repeat(8),
  education: 'Київський національний університет імені Тараса Шевченка, факультет психології',
  certificates: 'Сертифікований гештальт-терапевт',
  specialties: 'тривога, депресія, стосунки',
  patientFirstName: 'Марія-Олександра',
  patientLastName: 'Григоренко-Вишневецька',
  aboutMe: 'Погано сплю.',
  therapyGoals: '',
  cancelReason: 'Захворіла, перенесімо на наступний тиждень.',
  note: '<p>Вправа на дихання: 4-7-8, двічі на день.</p>',
  groupTitle: 'Група підтримки: тривога та сон',
  message: 'Чи можемо перенести четвер? https://example.org/розклад',
};

/**
 * A psychologist with long Ukrainian names, every therapy type and a full week, and a patient with one upcoming
 * appointment, one the psychologist canceled with a reason, and a note shared with them.
 */
export async function practice(request: APIRequestContext, texts = PRACTICE_TEXTS) {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', {
    firstName: texts.doctorFirstName,
    lastName: texts.doctorLastName,
    therapyTypes: [...THERAPY_TYPES],
    description: texts.description,
    education: texts.education,
    certificates: texts.certificates,
    specialties: texts.specialties,
  });
  const slots = [
    { startTime: '13:00', endTime: '14:00' },
    { startTime: '15:00', endTime: '16:00' },
  ];
  await ok(
    request.post('/api/psychologist/schedule', {
      data: DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, timeSlots: slots })),
      headers: bearer(doc.token),
    }),
  );
  const { id: docId } = await ok(request.get('/api/user/me', { headers: bearer(doc.token) }));
  const patient = await createOnboardedUser(request, 'PATIENT', {
    firstName: texts.patientFirstName,
    lastName: texts.patientLastName,
    aboutMe: texts.aboutMe,
    therapyGoals: texts.therapyGoals,
  });
  const { today } = (await ok(request.get('/api/platform'))) as PlatformInfo;
  const date = dayjs(today).add(1, 'day').format('YYYY-MM-DD');
  const book = (slot: (typeof slots)[number]) =>
    ok(
      request.post('/api/patient/appointments', {
        data: { psychologistId: docId, date, ...slot },
        headers: bearer(patient.token),
      }),
    );
  const upcoming = await book(slots[0]);
  const canceled = await book(slots[1]);
  await ok(
    request.delete(`/api/doctor/appointments/${canceled.id}`, {
      data: { reason: texts.cancelReason },
      headers: bearer(doc.token),
    }),
  );
  const [{ id: patientId }] = await ok(request.get('/api/doctor/patients/for-records', { headers: bearer(doc.token) }));
  await ok(
    request.post('/api/api/records', {
      data: { content: texts.note, privacyLevel: 'DOCTOR_PATIENT_MANAGER', patientId },
      headers: bearer(doc.token),
    }),
  );
  return { doc, patient, ids: { docId, patientId, room: upcoming.videoCallRoomId } };
}

/**
 * Beside the practice: a weekly group of the psychologist's, from three weeks on (early in the day, clear of the
 * practice's sessions), with the patient in it, and a conversation the patient opened with a message each way.
 */
export async function groupAndConversation(
  request: APIRequestContext,
  practiced: { doc: AuthResponse; patient: AuthResponse; ids: Ids },
  texts = PRACTICE_TEXTS,
): Promise<Ids> {
  const { doc, patient, ids } = practiced;
  const start = new Date(Date.now() + 21 * 86_400_000);
  start.setUTCHours(5, 0, 0, 0);
  const group = await ok(
    request.post('/api/psychologist/groups', {
      data: {
        title: texts.groupTitle,
        description: texts.description,
        therapyType: 'KPT',
        capacity: 8,
        enrolment: 'OPEN',
        firstStartsAt: start.toISOString(),
        durationMinutes: 90,
        sessionCount: 4,
        repeatDays: 7,
      },
      headers: bearer(doc.token),
    }),
  );
  await ok(
    request.post(`/api/patient/groups/${group.id}/enrolment`, {
      data: { agreementAccepted: true },
      headers: bearer(patient.token),
    }),
  );
  const conversation = await ok(
    request.post('/api/conversations', { data: { psychologistId: ids.docId }, headers: bearer(patient.token) }),
  );
  for (const who of [patient, doc]) {
    await ok(
      request.post(`/api/conversations/${conversation.id}/messages`, {
        data: { body: texts.message },
        headers: bearer(who.token),
      }),
    );
  }
  return { ...ids, groupId: group.id as number, conversationId: conversation.id as number };
}

const at = (path: string) => () => path;
const heading = (page: Page) => page.locator('main h1').first();
const card = (page: Page) => page.locator('main article').first();
/** Opens the header's bell; `ready` is its first notification, or its empty state. */
const openBell = async (page: Page, t: (key: string) => string) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: t('notifications.bell') })
    .click();
const notificationsPanel = (name = 'notifications'): Screen => ({
  name,
  path: at('/dashboard'),
  act: openBell,
  ready: (page) => page.getByRole('dialog').getByRole('listitem').first(),
});

/** The screens every signed-in person has: their messages (patients and psychologists), security and privacy. */
const messageScreens: Screen[] = [
  { name: 'messages', path: at('/messages'), ready: (page) => page.getByTestId('conversation-item').first() },
  {
    name: 'conversation',
    path: (ids) => `/messages/${ids.conversationId}`,
    ready: (page) => page.getByTestId('message-theirs').first(),
  },
];
const accountScreens: Screen[] = [
  { name: 'security', path: at('/security'), ready: (page) => page.locator('main button').first() },
  { name: 'privacy', path: at('/privacy'), ready: (page) => page.locator('main button').first() },
];

/** A wizard draft as the onboarding page keeps it, to open a given step directly. */
const draft = (step: string, role: 'PATIENT' | 'PSYCHOLOGIST', filled: boolean) => ({
  onboardingDraft: JSON.stringify({
    step,
    values: {
      role,
      firstName: filled ? 'Олександра' : '',
      lastName: filled ? 'Костянтинопольська' : '',
      birthDate: filled ? '1990-05-17' : null,
      language: 'uk',
      aboutMe: '',
      therapyGoals: '',
      experience: '',
      description: '',
      specialties: '',
      education: '',
      certificates: '',
      therapyTypes: [],
      newEmail: '',
    },
  }),
});

/** Every screen that exists, per role, with what makes each complete. */
export const roleScreens: RoleScreens[] = [
  {
    role: 'guest',
    setup: async () => ({ auth: null, ids: {} }),
    screens: [
      { name: 'landing', path: at('/') },
      { name: 'login', path: at('/login') },
      {
        name: 'login code step',
        path: at('/login'),
        act: async (page) => {
          await page.locator('input[type=email]').fill(uniqueEmail('phone'));
          await page.locator('form button[type=submit]').click();
        },
        ready: (page) => page.locator('.mantine-Notification-root').first(),
      },
      {
        name: 'login password',
        path: at('/login'),
        fresh: true,
        act: (page, t) => page.getByRole('button', { name: t('login.usePassword') }).click(),
        ready: (page) => page.locator('input[type=password]'),
      },
      { name: 'auth-email', path: at('/auth-email') },
      { name: 'magic-login error', path: at('/magic-login?token=not-a-real-token'), ready: (page) => page.getByRole('alert') },
      { name: 'magic-login without token', path: at('/magic-login'), ready: (page) => page.getByRole('alert') },
      { name: 'not found', path: at('/no-such-page') },
      { name: 'privacy notice', path: at('/privacy-notice') },
      { name: 'psychologists', path: at('/psychologists'), ready: (page) => page.locator('main li').first() },
      {
        name: 'passkey sign-in',
        path: at('/passkey'),
        ready: (page) => page.locator('main button').first(),
      },
      // Without a first step behind it, the second step says it has expired.
      { name: 'two-step expired', path: at('/two-step'), ready: (page) => page.getByRole('alert') },
    ],
  },
  {
    role: 'newcomer',
    setup: async (request) => ({ auth: await signInByCode(request), ids: {} }),
    screens: [
      { name: 'onboarding role', path: at('/onboarding'), session: { onboardingDraft: '' } },
      { name: 'onboarding personal', path: at('/onboarding'), session: draft('personal', 'PATIENT', false) },
      {
        name: 'onboarding birth-date picker',
        path: at('/onboarding'),
        session: draft('personal', 'PATIENT', false),
        // The birth date's placeholder shows an example date in both languages.
        act: async (page) => page.locator('main input[placeholder*="14.03.1991"]').click(),
        ready: (page) => page.locator('.mantine-Popover-dropdown'),
      },
      { name: 'onboarding patient details', path: at('/onboarding'), session: draft('extra', 'PATIENT', true) },
      { name: 'onboarding psychologist details', path: at('/onboarding'), session: draft('extra', 'PSYCHOLOGIST', true) },
    ],
  },
  {
    role: 'patient',
    setup: async (request) => {
      const practiced = await practice(request);
      return { auth: practiced.patient, ids: await groupAndConversation(request, practiced) };
    },
    screens: [
      { name: 'dashboard', path: at('/dashboard') },
      notificationsPanel(),
      { name: 'profile', path: at('/patient/profile'), ready: (page) => page.locator('main input:not([type=file])').first() },
      { name: 'doctor search', path: at('/patient/doctors'), ready: card },
      {
        name: 'booking confirmation',
        path: at('/patient/doctors'),
        act: (page) => card(page).locator('button[aria-label]').last().click(),
        ready: (page) => page.getByRole('dialog'),
      },
      { name: 'appointments', path: at('/patient/appointments'), ready: card },
      { name: 'archived appointments', path: at('/patient/appointments?tab=archived'), ready: card },
      { name: 'questionnaires', path: at('/patient/measures'), ready: (page) => page.getByRole('radiogroup').first() },
      {
        name: 'psychologist public profile',
        path: (ids) => `/doctor/profile/${ids.docId}`,
        ready: (page) => page.locator('main h1'),
      },
      ...messageScreens,
      { name: 'group search', path: at('/patient/doctors?tab=groups'), ready: card },
      { name: 'group', path: (ids) => `/group/${ids.groupId}`, ready: (page) => page.locator('main h1') },
      ...accountScreens,
      // Before joining: the device check, with the fake camera and microphone of the launch arguments.
      {
        name: 'video room device check',
        path: (ids) => `/video-chat-room?room=${ids.room}`,
        ready: (page, t) => page.getByRole('button', { name: t('video.join') }),
      },
      {
        name: 'video room camera preview',
        path: (ids) => `/video-chat-room?room=${ids.room}`,
        act: (page, t) => page.getByRole('button', { name: t('video.controls.cameraOn') }).click(),
        ready: (page) => page.getByTestId('camera-preview'),
      },
    ],
  },
  {
    role: 'psychologist',
    setup: async (request) => {
      const practiced = await practice(request);
      return { auth: practiced.doc, ids: await groupAndConversation(request, practiced) };
    },
    screens: [
      { name: 'dashboard', path: at('/dashboard') },
      notificationsPanel(),
      { name: 'profile', path: at('/doctor/profile'), ready: (page) => page.locator('main input:not([type=file])').first() },
      { name: 'schedule', path: at('/doctor/schedule'), ready: (page) => page.locator('main .mantine-Chip-label').first() },
      { name: 'appointments', path: at('/doctor/appointments'), ready: card },
      {
        name: 'patient info',
        path: at('/doctor/appointments'),
        act: (page, t) =>
          card(page)
            .getByRole('button', { name: t('appointments.patientInfo') })
            .click(),
        ready: (page) => page.getByRole('dialog').locator('h3').first(),
      },
      {
        name: 'cancel dialog',
        path: at('/doctor/appointments'),
        act: (page, t) =>
          card(page)
            .getByRole('button', { name: t('appointments.cancel') })
            .click(),
        ready: (page) => page.getByRole('dialog').locator('textarea'),
      },
      { name: 'archived appointments', path: at('/doctor/appointments?tab=archived'), ready: card },
      { name: 'records', path: at('/doctor/records'), ready: card },
      {
        name: 'new record',
        path: at('/doctor/appointments'),
        act: async (page, t) => {
          await page.getByRole('button', { name: t('quickActions.label') }).click();
          await page.getByRole('menuitem', { name: t('quickActions.addRecord') }).click();
        },
        ready: (page) => page.getByRole('dialog').locator('[contenteditable=true]'),
      },
      {
        name: 'message to a patient',
        path: at('/doctor/appointments'),
        act: async (page, t) => {
          await page.getByRole('button', { name: t('quickActions.label') }).click();
          await page.getByRole('menuitem', { name: t('quickActions.sendNotification') }).click();
        },
        ready: (page) => page.getByRole('dialog').locator('textarea'),
      },
      { name: 'public profile', path: (ids) => `/doctor/profile/${ids.docId}`, ready: (page) => page.locator('main h1') },
      ...messageScreens,
      { name: 'groups', path: at('/groups'), ready: card },
      { name: 'group', path: (ids) => `/groups/${ids.groupId}`, ready: (page) => page.locator('main h1') },
      ...accountScreens,
    ],
  },
  {
    role: 'manager',
    // The demo manager, whom the seed gives patients and appointments to oversee.
    setup: async (request) => {
      const res = await request.post('/api/auth/login', {
        data: { email: 'manager@rozmova.demo', password: DEMO_ADMIN.password },
      });
      return { auth: await ok(Promise.resolve(res)), ids: {} };
    },
    screens: [
      { name: 'dashboard', path: at('/manager/dashboard') },
      { name: 'appointments', path: at('/manager/appointments') },
      { name: 'profile', path: at('/manager/profile'), ready: (page) => page.locator('main input').first() },
      ...accountScreens,
    ],
  },
  {
    role: 'admin',
    setup: async (request) => ({ auth: await signInAsAdmin(request), ids: {} }),
    screens: [
      { name: 'users', path: at('/admin/users') },
      {
        name: 'empty notifications',
        path: at('/admin/users'),
        act: openBell,
        ready: (page, t) => page.getByRole('dialog').getByText(t('notifications.empty')),
      },
      { name: 'managers', path: at('/admin/managers') },
      { name: 'appointments', path: at('/admin/appointments') },
      { name: 'groups', path: at('/admin/groups') },
      { name: 'audit', path: at('/admin/audit') },
      { name: 'profile', path: at('/admin/profile'), ready: (page) => page.locator('main input').first() },
      ...accountScreens,
    ],
  },
  {
    role: 'moderator',
    // Made by the CLI in the global setup (E2E_STAFF).
    setup: async (request) => {
      const res = await request.post('/api/auth/login', {
        data: { email: 'moderator@example.test', password: 'e2e-moderator-password' },
      });
      return { auth: await ok(Promise.resolve(res)), ids: {} };
    },
    screens: [
      { name: 'dashboard', path: at('/dashboard') },
      { name: 'profile', path: at('/profile'), ready: (page) => page.getByText('moderator@example.test') },
    ],
  },
];

export { heading, type Lang, text };
