import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import type { AuthResponse, PatientAppointment, PlatformInfo } from '@rozmova/contract';
import dayjs from 'dayjs';
import { E2E_PORT } from '../playwright.config';
import { loaded, loaders, newScreenPage, test } from './support/fixtures';
import { E2E_STAFF } from './support/global-setup';
import { groupAndConversation, PRACTICE_TEXTS, practice, roleScreens, text } from './support/screens';
import { openSession } from './support/sessions';
import { useSession } from './support/users';
import {
  corpusChunks,
  corpusText,
  expectNoXss,
  injectedElements,
  installXssTrap,
  NAME_PAYLOADS,
  TEXT_PAYLOADS,
  type XssTrap,
} from './support/xss';

// Every stored text gets the whole corpus at once, and every screen showing it is opened once per role: the suite
// grows with the screens, not with the payloads. Each role's walk is one test, after one shared setup, and on a slow
// machine one walk was seen taking over two minutes.
test.describe.configure({ timeout: 240_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const t = (key: string) => text('en', key);
const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const [XSS_MANAGER, XSS_ADMIN] = [E2E_STAFF[1], E2E_STAFF[2]];

/** The texts as stored: names from the short payloads, every longer field the whole corpus after a plain probe word. */
const TEXTS = {
  ...PRACTICE_TEXTS,
  doctorFirstName: NAME_PAYLOADS[0],
  doctorLastName: NAME_PAYLOADS[1],
  description: corpusText('Description probe'),
  education: corpusText('Education probe'),
  certificates: corpusText('Certificates probe'),
  specialties: corpusText('Specialties probe', 500),
  patientFirstName: NAME_PAYLOADS[2],
  patientLastName: NAME_PAYLOADS[3],
  aboutMe: corpusText('About probe'),
  therapyGoals: corpusText('Goals probe'),
  cancelReason: corpusText('Reason probe', 1000),
  // Rich text as HTML: the payloads as markup, which the sanitiser must reduce.
  note: `<p>Note probe</p>${TEXT_PAYLOADS.join('')}`,
  groupTitle: NAME_PAYLOADS[8] ?? NAME_PAYLOADS[0],
  message: corpusText('Message probe', 4000),
};
const MANAGER_NAMES = { firstName: NAME_PAYLOADS[4], lastName: NAME_PAYLOADS[5] };
const ADMIN_NAMES = { firstName: NAME_PAYLOADS[6], lastName: NAME_PAYLOADS[7] };
const REASON_CHUNKS = corpusChunks(1000 - 'Reason probe\n'.length);

type World = Awaited<ReturnType<typeof buildWorld>>;
let world: World;

async function ok(res: Promise<import('@playwright/test').APIResponse>) {
  const r = await res;
  expect(r.ok(), `${r.url()}: ${await r.text()}`).toBe(true);
  return r.json();
}

const login = (request: APIRequestContext, email: string, password: string): Promise<AuthResponse> =>
  ok(request.post('/api/auth/login', { data: { email, password } }));

/**
 * The practice of screens.ts with every text hostile, plus: more appointments canceled with the rest of the corpus
 * by the psychologist and by an admin, a note holding the corpus as escaped text, a manager and an admin with
 * hostile names (the admin does the verifying, assigning and canceling, so the audit trail names them), and the
 * demo patient's review of his finished sessions (only seeded sessions lie in the past).
 */
async function buildWorld(request: APIRequestContext) {
  const practiced = await practice(request, TEXTS);
  const { doc, patient } = practiced;
  const ids = await groupAndConversation(request, practiced, TEXTS);
  const admin = await login(request, XSS_ADMIN.email, XSS_ADMIN.password);
  await ok(request.put('/api/admin/profile', { data: ADMIN_NAMES, headers: bearer(admin.token) }));
  const manager = await login(request, XSS_MANAGER.email, XSS_MANAGER.password);
  await ok(request.put('/api/manager/profile', { data: MANAGER_NAMES, headers: bearer(manager.token) }));
  const managerId = (await ok(request.get('/api/user/me', { headers: bearer(manager.token) }))).id as number;
  await ok(
    request.post('/api/admin/assign-manager', {
      data: { managerId, patientId: ids.patientId },
      headers: bearer(admin.token),
    }),
  );

  const { today } = (await ok(request.get('/api/platform'))) as PlatformInfo;
  const book = (days: number, startTime: string, endTime: string) =>
    ok(
      request.post('/api/patient/appointments', {
        data: { psychologistId: ids.docId, date: dayjs(today).add(days, 'day').format('YYYY-MM-DD'), startTime, endTime },
        headers: bearer(patient.token),
      }),
    );
  for (const [i, chunk] of REASON_CHUNKS.entries()) {
    const reason = `Reason probe\n${chunk}`;
    const byDoctor = await book(2 + i, '13:00', '14:00');
    await ok(request.delete(`/api/doctor/appointments/${byDoctor.id}`, { data: { reason }, headers: bearer(doc.token) }));
    const byAdmin = await book(2 + i, '15:00', '16:00');
    await ok(request.delete(`/api/admin/appointments/${byAdmin.id}`, { data: { reason }, headers: bearer(admin.token) }));
  }
  await ok(
    request.post('/api/api/records', {
      data: {
        content: `<p>Escaped probe ${escapeHtml(TEXT_PAYLOADS.join(' '))}</p>`,
        privacyLevel: 'DOCTOR_PATIENT_MANAGER',
        patientId: ids.patientId,
      },
      headers: bearer(doc.token),
    }),
  );

  const taras = await login(request, 'taras.hrytsenko@rozmova.demo', 'rozmova-demo-2026');
  const tarasId = (await ok(request.get('/api/user/me', { headers: bearer(taras.token) }))).id as number;
  const archived = (await ok(
    request.get('/api/patient/appointments?status=archived', { headers: bearer(taras.token) }),
  )) as PatientAppointment[];
  const finished = archived.filter((a) => a.status !== 'CANCELED');
  expect(finished.length).toBeGreaterThan(0);
  for (const a of finished) {
    await ok(
      request.put(`/api/patient/appointments/${a.id}/review`, {
        data: { review: `<p>Review probe</p>${TEXT_PAYLOADS.join('')}` },
        headers: bearer(taras.token),
      }),
    );
  }
  const demoManager = await login(request, 'manager@rozmova.demo', 'rozmova-demo-2026');
  return { doc, patient, ids, admin, manager, taras, tarasId, demoManager };
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  world = await buildWorld(request);
  await request.dispose();
});

/**
 * A browser for one user with the trap set. The app's Content-Security-Policy is bypassed: escaping must hold by
 * itself, and with the policy on a payload that got in would be blocked and could not show that it runs.
 */
async function openAs(browser: Browser, auth: AuthResponse) {
  const context = await browser.newContext({ bypassCSP: true });
  const trap = await installXssTrap(context);
  const page = await newScreenPage(context);
  await useSession(page, auth);
  return { context, page, trap };
}

type Visit = {
  name: string;
  path: string;
  act?: (page: Page) => Promise<void>;
  ready: (page: Page) => ReturnType<Page['locator']>;
  shows?: string[];
};

/** Opens each screen afresh, waits until it shows what it should, and checks that nothing ran or got in. */
async function walk(page: Page, trap: XssTrap, visits: Visit[]) {
  for (const v of visits) {
    await test.step(v.name, async () => {
      await page.goto(v.path);
      await v.act?.(page);
      await loaded(page);
      await expect(v.ready(page).first()).toBeVisible();
      await expect(loaders(page)).toHaveCount(0);
      for (const shown of v.shows ?? []) await expect(page.locator('body')).toContainText(shown);
      await expectNoXss(page, trap, v.name);
    });
  }
}

/** The screens of screens.ts for a role, with this world's ids, each with what it must show of the hostile texts. */
function screensOf(role: string, shows: Record<string, string[]>, ready: Record<string, Visit['ready']> = {}): Visit[] {
  const screens = roleScreens.find((r) => r.role === role)?.screens ?? [];
  return screens.map((s) => ({
    name: `${role} ${s.name}`,
    path: s.path(world.ids),
    act: s.act && ((page: Page) => (s.act as NonNullable<typeof s.act>)(page, t)),
    ready: ready[s.name] ?? ((page: Page) => (s.ready ? s.ready(page, t) : page.locator('main h1'))),
    shows: shows[s.name],
  }));
}

const fullName = (first: string, last: string) => `${first} ${last}`;
const DOCTOR = fullName(TEXTS.doctorFirstName, TEXTS.doctorLastName);
const PATIENT = fullName(TEXTS.patientFirstName, TEXTS.patientLastName);

test('the trap catches a payload that runs and markup that got in; the CSP blocks them as a second line', async ({ browser }) => {
  const bypass = await browser.newContext({ bypassCSP: true });
  const open = await installXssTrap(bypass);
  const page = await newScreenPage(bypass);
  await page.goto('/');
  await page.evaluate((html) => {
    document.body.insertAdjacentHTML('beforeend', html);
  }, TEXT_PAYLOADS.join(''));
  await expect.poll(() => open.hits.length).toBeGreaterThan(0);
  expect(await injectedElements(page)).not.toEqual([]);
  await bypass.close();

  const strict = await browser.newContext();
  const guarded = await installXssTrap(strict);
  const strictPage = await newScreenPage(strict);
  await strictPage.goto('/');
  await strictPage.evaluate((html) => {
    document.body.insertAdjacentHTML('beforeend', html);
  }, TEXT_PAYLOADS.join(''));
  await expect.poll(() => guarded.hits.filter((h) => h.startsWith('CSP')).length).toBeGreaterThan(0);
  expect(guarded.hits.filter((h) => h.startsWith('payload'))).toEqual([]);
  await strict.close();
});

test('patient screens show hostile names, profiles, reasons and notes as text', async ({ browser }) => {
  const { context, page, trap } = await openAs(browser, world.patient);
  await walk(page, trap, [
    ...screensOf('patient', {
      profile: [],
      'doctor search': [DOCTOR],
      appointments: [DOCTOR, 'Note probe', 'Escaped probe'],
      'archived appointments': ['Reason probe'],
      'psychologist public profile': [DOCTOR, 'Description probe', 'Education probe'],
    }),
    {
      name: 'patient doctor info',
      path: '/patient/doctors',
      act: async (p) => {
        await p.getByRole('article', { name: DOCTOR }).getByRole('button').first().click();
      },
      ready: (p) => p.getByRole('dialog'),
      shows: [DOCTOR],
    },
  ]);
  await context.close();
});

test('psychologist screens, the patient info and the note editor keep hostile text inert', async ({ browser }) => {
  const { context, page, trap } = await openAs(browser, world.doc);
  await walk(page, trap, [
    ...screensOf(
      'psychologist',
      {
        appointments: [PATIENT],
        'patient info': [PATIENT, 'About probe', 'Goals probe'],
        'archived appointments': [PATIENT, 'Reason probe'],
        records: [PATIENT, 'Note probe', 'Escaped probe'],
        'public profile': [DOCTOR, 'Description probe'],
      },
      // A desktop shows the records as a table (phones as cards).
      { records: (p) => p.getByRole('row').filter({ hasText: 'Note probe' }) },
    ),
    {
      name: 'psychologist note editor',
      path: '/doctor/records',
      act: async (p) => {
        await p.getByRole('row').filter({ hasText: 'Note probe' }).getByRole('button', { name: 'Edit note' }).click();
      },
      ready: (p) => p.getByRole('dialog').locator('[contenteditable=true]'),
      shows: ['Note probe'],
    },
  ]);
  await context.close();
});

test('manager screens show the hostile patient, notes, reasons and reviews as text', async ({ browser }) => {
  const { context, page, trap } = await openAs(browser, world.manager);
  await walk(page, trap, [
    {
      name: 'manager dashboard',
      path: `/manager/dashboard?patient=${world.ids.patientId}`,
      ready: (p) => p.getByRole('region', { name: 'Notes from psychologists' }).getByRole('article'),
      shows: [PATIENT, DOCTOR, 'Note probe', 'Reason probe', 'About probe'],
    },
    {
      name: 'manager appointments',
      path: '/manager/appointments',
      ready: (p) => p.locator('main article'),
      shows: [PATIENT],
    },
    { name: 'manager profile', path: '/manager/profile', ready: (p) => p.locator('main input') },
    {
      name: 'manager patients',
      path: '/manager/profile?tab=patients',
      ready: (p) => p.locator('main article'),
      shows: [PATIENT, 'About probe'],
    },
  ]);
  await context.close();

  // Reviews are the demo patient's (whose sessions are the only finished ones), whom the demo manager follows.
  const demo = await openAs(browser, world.demoManager);
  await walk(demo.page, demo.trap, [
    {
      name: 'manager past visits with reviews',
      path: `/manager/dashboard?patient=${world.tarasId}`,
      ready: (p) => p.getByRole('region', { name: 'Past visits' }).getByRole('article'),
      shows: ['Review probe'],
    },
  ]);
  await demo.context.close();
  const taras = await openAs(browser, world.taras);
  await walk(taras.page, taras.trap, [
    {
      name: 'patient archive with reviews',
      path: '/patient/appointments?tab=archived',
      ready: (p) => p.locator('main article'),
      shows: ['Review probe'],
    },
  ]);
  await taras.context.close();
});

test('admin screens: users, managers, appointments and the audit trail show hostile text as text', async ({ browser }) => {
  const { context, page, trap } = await openAs(browser, world.admin);
  const usersFound = (name: string, search: string, shows: string[]): Visit => ({
    name: `admin users: ${name}`,
    path: '/admin/users',
    act: async (p) => p.getByRole('searchbox', { name: 'Search' }).fill(search),
    ready: (p) => p.getByRole('row').filter({ hasText: search }),
    shows,
  });
  await walk(page, trap, [
    // Names in their own cells.
    usersFound('patient', world.patient.email, [TEXTS.patientFirstName, TEXTS.patientLastName]),
    usersFound('psychologist', world.doc.email, [TEXTS.doctorFirstName, TEXTS.doctorLastName]),
    usersFound('staff', 'xss-', [...Object.values(MANAGER_NAMES), ...Object.values(ADMIN_NAMES)]),
    {
      name: 'admin managers',
      path: '/admin/managers',
      ready: (p) => p.getByRole('row').filter({ hasText: XSS_MANAGER.email }),
      shows: [MANAGER_NAMES.firstName],
    },
    {
      name: 'admin manage patients',
      path: '/admin/managers',
      act: async (p) => {
        await p.getByRole('row').filter({ hasText: XSS_MANAGER.email }).getByRole('button', { name: 'Manage' }).click();
      },
      ready: (p) => p.getByRole('dialog'),
      shows: [PATIENT],
    },
    {
      name: 'admin audit',
      path: '/admin/audit',
      act: async (p) => p.getByLabel('Concerning (user ID)').fill(String(world.ids.patientId)),
      ready: (p) => p.getByRole('row').filter({ hasText: 'Reason probe' }),
      shows: [fullName(ADMIN_NAMES.firstName, ADMIN_NAMES.lastName), 'Reason probe'],
    },
    { name: 'admin profile', path: '/admin/profile', ready: (p) => p.locator('main input') },
  ]);

  // Appointments, ten a page on the client: every page until ours have all been seen.
  await page.goto('/admin/appointments');
  await expect(page.locator('main tbody tr').first()).toBeVisible();
  let seen = 0;
  for (let n = 1; ; n++) {
    seen += await page.getByRole('row').filter({ hasText: 'Reason probe' }).count();
    await expectNoXss(page, trap, `admin appointments page ${n}`);
    const next = page.getByRole('button', { name: 'Next page' });
    if (seen >= REASON_CHUNKS.length || !(await next.isEnabled())) break;
    await next.click();
  }
  expect(seen).toBeGreaterThanOrEqual(REASON_CHUNKS.length);
  await context.close();
});

test('the video room shows hostile names and chat messages as text on both sides', async ({ browser, request }) => {
  // The world's sessions lie ahead, and a room admits only around its session: one that is on now.
  const session = await openSession(request, world.doc, world.patient);
  const doc = await openAs(browser, world.doc);
  const pat = await openAs(browser, world.patient);
  const room = `/video-chat-room?room=${session.videoCallRoomId}`;
  for (const side of [doc, pat]) {
    await side.page.goto(room);
    await expect(side.page.getByRole('region', { name: 'Session details' })).toContainText(PATIENT);
    await side.page.getByRole('button', { name: 'Join the call' }).click();
  }
  await expect(doc.page.getByRole('region', { name: PATIENT })).toBeVisible();
  // Two messages from each side hold the corpus (the chat takes 2000 characters a message, 10 messages in 10 s).
  const messages = corpusChunks(2000);
  for (const side of [pat, doc]) {
    for (const m of messages) {
      await side.page.getByRole('textbox', { name: 'Message' }).fill(m);
      await side.page.getByRole('button', { name: 'Send' }).click();
    }
  }
  for (const [name, side] of [
    ['psychologist', doc],
    ['patient', pat],
  ] as const) {
    const chat = side.page.getByRole('list', { name: 'Chat messages' });
    await expect(chat.getByRole('listitem')).toHaveCount(messages.length * 2);
    await expect(chat).toContainText(PATIENT);
    await expect(chat).toContainText(DOCTOR);
    await expect(chat).toContainText(NAME_PAYLOADS[8]);
    // Only http(s) addresses become links, and an address ends where markup would begin.
    await expect(chat.getByRole('link').first()).toBeVisible();
    for (const href of await chat.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^https:\/\/example\.com\//);
    }
    await expectNoXss(side.page, side.trap, `video room (${name})`);
  }
  await doc.context.close();
  await pat.context.close();
});
