import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  type AdminGroup,
  type AdminManagerRow,
  type AdminPatient,
  type Appointment,
  type AuthResponse,
  DAYS_OF_WEEK,
  type GroupProgram,
  type Page as ListPage,
  type PastVisit,
  type PatientAppointment,
  type PlatformInfo,
} from '@rozmova/contract';
import dayjs from 'dayjs';
import { test } from './support/fixtures';
import 'dayjs/locale/uk.js';
import { E2E_STAFF } from './support/global-setup';
import { axeProblems, layoutProblems } from './support/layout-checks';
import { createOnboardedUser, signInAsAdmin, signInByCode, useSession } from './support/users';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const DEMO_PASSWORD = 'rozmova-demo-2026';
const SECOND_MANAGER = E2E_STAFF[0];

async function passwordLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<AuthResponse> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function meId(request: APIRequestContext, token: string): Promise<number> {
  const me = await request.get('/api/user/me', { headers: auth(token) });
  expect(me.ok()).toBe(true);
  return ((await me.json()) as { id: number }).id;
}

async function tomorrow(request: APIRequestContext): Promise<string> {
  const { today } = (await (await request.get('/api/platform')).json()) as PlatformInfo;
  return dayjs(today).add(1, 'day').format('YYYY-MM-DD');
}

/** A verified psychologist with one slot a day and a patient who booked it tomorrow, all through the API. */
async function bookedPair(request: APIRequestContext) {
  const doctor = await createOnboardedUser(request, 'PSYCHOLOGIST');
  const timeSlots = [{ startTime: '16:00', endTime: '17:00' }];
  const saved = await request.post('/api/psychologist/schedule', {
    data: DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, timeSlots })),
    headers: auth(doctor.token),
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const patient = await createOnboardedUser(request, 'PATIENT');
  const booked = await request.post('/api/patient/appointments', {
    data: { psychologistId: doctor.id, date: await tomorrow(request), ...timeSlots[0] },
    headers: auth(patient.token),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return { doctor, patient, appointment: (await booked.json()) as Appointment };
}

async function searchPsychodrama(page: Page) {
  await page.goto('/patient/doctors');
  await page.getByRole('button', { name: 'Clear all' }).click();
  await page
    .locator('label')
    .filter({ hasText: /^Psychodrama$/ })
    .click();
  await page.getByRole('button', { name: 'Search' }).click();
}

test('an admin verifies a new psychologist, who is then told so no longer and appears in search; withdrawing it undoes both', async ({
  patient,
  page,
  request,
}) => {
  // Slow: the admin, the psychologist and a patient's search each look twice (after verifying and after withdrawing).
  test.slow();
  // Psychodrama only, so a search for it shows few enough psychologists to see them all on the first page.
  const doctor = await createOnboardedUser(request, 'PSYCHOLOGIST', { therapyTypes: ['PSYCHODRAMA'] }, { verified: false });
  const doctorName = `${doctor.firstName} ${doctor.lastName}`;
  const saved = await request.post('/api/psychologist/schedule', {
    data: DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, timeSlots: [{ startTime: '18:00', endTime: '19:00' }] })),
    headers: auth(doctor.token),
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  // Unverified: their own screens say why nobody can book them, and search does not offer them.
  await useSession(page, doctor);
  await page.goto('/dashboard');
  // No documents sent yet: they are asked for them.
  await expect(page.getByText('Send your documents to be checked')).toBeVisible();
  await page.goto('/doctor/profile');
  await expect(page.getByText(/Patients can book you once the platform has checked your diploma and licence/)).toBeVisible();
  await useSession(page, patient);
  await searchPsychodrama(page);
  // The search has answered (with others or with nothing), and not with them.
  await expect(page.getByRole('article').first().or(page.getByText('No psychologist is free on these dates'))).toBeVisible();
  await expect(page.getByRole('article', { name: doctorName })).toHaveCount(0);

  // The admin finds them among those awaiting verification and approves them in the check of their documents.
  const admin = await signInAsAdmin(request);
  await useSession(page, admin);
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(doctor.email);
  await page.getByRole('checkbox', { name: 'Awaiting verification only' }).check();
  const row = page.getByRole('row', { name: doctor.email });
  await expect(row.getByText('Awaiting verification')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Verified' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Verify' }).click();
  const check = page.getByRole('dialog', { name: `Check the documents of ${doctorName}` });
  await expect(check).toContainText('This psychologist has not sent any documents yet.');
  await check.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Psychologist verified')).toBeVisible();
  // Verified, they leave the list of those awaiting it.
  await expect(page.getByRole('row', { name: doctor.email })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Awaiting verification only' }).uncheck();
  await expect(page.getByRole('row', { name: doctor.email }).getByText('Verified')).toBeVisible();

  await useSession(page, patient);
  await searchPsychodrama(page);
  await expect(page.getByRole('article', { name: doctorName })).toBeVisible();
  await useSession(page, doctor);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${doctor.firstName}` })).toBeVisible();
  await expect(page.getByText(/Your documents are being checked|Send your documents to be checked/)).toHaveCount(0);

  // The admin withdraws the verification after a confirmation: they await it again and leave search.
  await useSession(page, admin);
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(doctor.email);
  await expect(row.getByText('Verified')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: 'Withdraw verification' }).click();
  const withdraw = page.getByRole('dialog', { name: "Withdraw this psychologist's verification?" });
  await expect(withdraw).toContainText(doctorName);
  await withdraw.getByRole('button', { name: 'Withdraw verification' }).click();
  await expect(page.getByText('Verification withdrawn')).toBeVisible();
  await expect(row.getByText('Awaiting verification')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Verify', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Withdraw verification' })).toHaveCount(0);

  await useSession(page, patient);
  await searchPsychodrama(page);
  await expect(page.getByRole('article').first().or(page.getByText('No psychologist is free on these dates'))).toBeVisible();
  await expect(page.getByRole('article', { name: doctorName })).toHaveCount(0);
  await useSession(page, doctor);
  await page.goto('/dashboard');
  await expect(page.getByText('Send your documents to be checked')).toBeVisible();
});

test('an admin disables a user after a confirmation and enables them at once; the audit trail shows both', async ({
  patient,
  page,
  request,
}) => {
  await useSession(page, await signInAsAdmin(request));
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(patient.email);
  const row = page.getByRole('row', { name: patient.email });
  await expect(row.getByRole('img', { name: 'Enabled' })).toBeVisible();
  await expect(row.getByText('Patient', { exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable this user?' });
  await expect(confirm).toContainText(patient.email);
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('User disabled')).toBeVisible();
  await expect(row.getByRole('img', { name: 'Disabled' })).toBeVisible();
  // Their session ends at once.
  expect([401, 403]).toContain((await request.get('/api/user/me', { headers: auth(patient.token) })).status());

  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText('User enabled')).toBeVisible();
  await expect(row.getByRole('img', { name: 'Enabled' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // They can sign in again.
  const again = await signInByCode(request, patient.email);
  expect((await request.get('/api/user/me', { headers: auth(again.token) })).status()).toBe(200);

  // The audit trail, filtered to this user, shows both acts by the admin, newest first.
  await page.goto('/admin/audit');
  await page.getByLabel('Concerning (user ID)').fill(String(patient.id));
  const entries = page.getByRole('row').filter({ hasText: patient.email });
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('User enabled');
  await expect(entries.nth(1)).toContainText('User disabled');
  await expect(entries.nth(0)).toContainText('admin@rozmova.demo');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'User disabled' }).click();
  await expect(entries).toHaveCount(1);
});

test('an admin cancels an upcoming appointment, and a reason is required', async ({ page, request }) => {
  const { patient, appointment } = await bookedPair(request);
  const patientName = `${patient.firstName} ${patient.lastName}`;
  await useSession(page, await signInAsAdmin(request));
  await page.goto('/admin/appointments');
  await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
  // Ten a page, paged on the client: once the list has loaded, find the row on whichever page it is.
  await expect(page.getByRole('button', { name: 'Cancel' }).first()).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: patientName });
  while (!(await row.isVisible())) await page.getByRole('button', { name: 'Next page' }).click();
  await row.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the appointment' });
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(dialog.getByText('Please provide a reason for cancellation')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason for cancellation' }).fill('   ');
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(dialog.getByText('Please provide a reason for cancellation')).toBeVisible();
  const reason = 'The psychologist is on sick leave this week.';
  await dialog.getByRole('textbox', { name: 'Reason for cancellation' }).fill(reason);
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByText('Appointment canceled successfully')).toBeVisible();
  await expect(row).toContainText('Canceled');
  await expect(row).toContainText(reason);
  await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  // The patient sees it canceled with the admin's reason.
  const archived = await request.get('/api/patient/appointments?status=archived', { headers: auth(patient.token) });
  const mine = ((await archived.json()) as PatientAppointment[]).find((a) => a.id === appointment.id);
  expect(mine).toMatchObject({ status: 'CANCELED', cancellationReason: reason });
});

test('a patient assigned to a manager is on their dashboard with appointments, reviews and visits; no other manager sees them', async ({
  page,
  request,
}) => {
  // Slow: the patient, the admin, the manager and a second manager take turns on screens about one patient's history.
  test.slow();
  // The demo patient has finished sessions with the demo psychologist: she reviews one from her archive. An earlier
  // run on the same database may have reviewed it already; then she edits it, and this run's texts tell them apart.
  const run = Date.now().toString(36);
  const maria = await passwordLogin(request, 'maria.bondarenko@rozmova.demo');
  await useSession(page, maria);
  await page.goto('/patient/appointments?tab=archived');
  const completed = page.getByRole('article').filter({ hasText: 'Completed' }).first();
  const reviewButton = completed.getByRole('button', { name: /^(Leave|Edit) feedback$/ });
  const hadFeedback = (await reviewButton.textContent()) === 'Edit feedback';
  await reviewButton.click();
  const reviewDialog = page.getByRole('dialog', { name: hadFeedback ? 'Edit your feedback' : 'Your feedback on the session' });
  const reviewField = reviewDialog.getByRole('textbox', { name: 'Feedback' });
  if (hadFeedback) await reviewField.fill('');
  await reviewDialog.getByRole('button', { name: 'Save' }).click();
  await expect(reviewDialog.getByText('Please write your feedback')).toBeVisible();
  const feedback = `The breathing exercise helped me sleep (${run}).`;
  await reviewField.fill(feedback);
  await reviewDialog.getByRole('button', { name: 'Save' }).click();
  await expect(reviewDialog).toHaveCount(0);
  await expect(completed.getByText(feedback)).toBeVisible();
  await expect(completed.getByRole('button', { name: 'Edit feedback' })).toBeVisible();

  // Her psychologist shares a long note with managers, and keeps another to herself.
  const olena = await passwordLogin(request, 'olena.kovalenko@rozmova.demo');
  const mariaId = await meId(request, maria.token);
  const longNote = `<p><strong>Progress ${run}:</strong> ${'Sleep is improving week by week, and the panic attacks are rarer. '.repeat(3)}</p>`;
  for (const body of [
    { content: longNote, privacyLevel: 'DOCTOR_MANAGER', patientId: mariaId },
    { content: '<p>Private working hypothesis</p>', privacyLevel: 'DOCTOR_ONLY', patientId: mariaId },
  ]) {
    const res = await request.post('/api/api/records', { data: body, headers: auth(olena.token) });
    expect(res.status(), await res.text()).toBe(201);
  }

  // The admin assigns her to the demo manager; adding with nothing chosen is refused in words.
  const admin = await signInAsAdmin(request);
  // An earlier run that stopped half-way may have left her with a manager: that assignment ends first.
  const managers = await request.get('/api/admin/managers?size=100', { headers: auth(admin.token) });
  for (const m of ((await managers.json()) as { content: AdminManagerRow[] }).content) {
    if (!m.assignedPatients.some((p) => p.id === mariaId)) continue;
    const removed = await request.delete(`/api/admin/remove-assignment?managerId=${m.id}&patientId=${mariaId}`, {
      headers: auth(admin.token),
    });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
  const unassigned = await request.get('/api/admin/unassigned-patients', { headers: auth(admin.token) });
  expect(((await unassigned.json()) as AdminPatient[]).map((p) => p.id)).toContain(mariaId);
  await useSession(page, admin);
  await page.goto('/admin/managers');
  const managerRow = page.getByRole('row', { name: 'manager@rozmova.demo' });
  const countBefore = Number(await managerRow.getByRole('cell').nth(5).textContent());
  await managerRow.getByRole('button', { name: 'Manage' }).click();
  const manage = page.getByRole('dialog', { name: /^Patients of / });
  await manage.getByRole('button', { name: 'Add' }).click();
  await expect(manage.getByText('Please select a valid Patient')).toBeVisible();
  await manage.getByRole('combobox', { name: 'Patients without a manager' }).fill('maria.bondarenko');
  await page.getByRole('option', { name: /maria\.bondarenko@rozmova\.demo/ }).click();
  await manage.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Patient assigned successfully')).toBeVisible();
  await expect(manage.getByLabel('Maria Bondarenko', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(managerRow.getByRole('cell').nth(5)).toHaveText(String(countBefore + 1));

  // The manager's dashboard: her appointments, the shared note (previewed, then whole), her past visits.
  const manager = await passwordLogin(request, 'manager@rozmova.demo');
  await useSession(page, manager);
  await page.goto('/manager/dashboard');
  await page
    .getByRole('navigation', { name: 'My patients' })
    .getByRole('button', { name: /Maria Bondarenko/ })
    .click();
  const appointments = page.getByRole('region', { name: 'Appointments' });
  await expect(appointments.getByRole('article').first()).toBeVisible();
  await expect(appointments).toContainText('Olena Kovalenko');
  // Her sessions that took place read as completed; the coming ones as confirmed.
  await expect(appointments.getByRole('article').filter({ hasText: 'Completed' }).first()).toBeVisible();
  await expect(appointments.getByRole('article').filter({ hasText: 'Confirmed' }).first()).toBeVisible();

  const reviews = page.getByRole('region', { name: 'Notes from psychologists' });
  // This run's note, once (notes of earlier runs may be there too).
  const review = reviews.getByRole('article').filter({ hasText: run });
  await expect(review).toHaveCount(1);
  // A note's date as the records screen writes it: one format for one kind of date.
  await expect(review).toContainText(/^\d{2}:\d{2} \d{2}\/\d{2}\/\d{4}/);
  await expect(review).toContainText(new RegExp(`^.*Progress ${run}: Sleep is improving`));
  await expect(review).not.toContainText('rarer. Sleep is improving week by week, and the panic attacks are rarer.');
  await expect(reviews).not.toContainText('Private working hypothesis');
  await review.getByRole('button', { name: 'Show more' }).click();
  await expect(review.locator('strong', { hasText: `Progress ${run}:` })).toBeVisible();
  await expect(review).toContainText('rarer. Sleep is improving week by week, and the panic attacks are rarer.');

  const visits = page.getByRole('region', { name: 'Past visits' });
  const visit = visits.getByRole('article').filter({ hasText: feedback });
  await expect(visit).toHaveCount(1);
  await expect(visit).toContainText('Not in program');
  // The badge explains itself on hover (and keyboard focus or touch).
  await visit.getByText('Not in program', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toContainText("while the patient was in a manager's care program");
  // Its time as the spec writes it, from the visit the API gives the manager.
  const listed = await request.get(`/api/manager/visits/${mariaId}`, { headers: auth(manager.token) });
  const reviewed = ((await listed.json()) as PastVisit[]).find((v) => v.patientReview?.includes(feedback));
  expect(reviewed).toBeDefined();
  const at = dayjs(`${reviewed?.date}T${reviewed?.startTime.slice(0, 5)}`);
  await expect(visit.getByText(at.format('MMMM D, YYYY HH:mm'), { exact: true })).toBeVisible();

  // The same visit in Ukrainian reads naturally: day, month in the genitive, year.
  await page.getByRole('banner').getByText('UK', { exact: true }).click();
  const ukVisits = page.getByRole('region', { name: 'Минулі візити' });
  await expect(ukVisits.getByText(at.locale('uk').format('D MMMM YYYY, HH:mm'), { exact: true })).toBeVisible();
  await expect(ukVisits.getByText('Поза програмою').first()).toBeVisible();
  await page.getByRole('banner').getByText('EN', { exact: true }).click();

  // The psychologist's profile and weekly schedule, from her name on the dashboard.
  await reviews.getByRole('link', { name: 'Olena Kovalenko' }).click();
  await expect(page).toHaveURL(/\/doctor\/profile\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Olena Kovalenko' })).toBeVisible();
  const week = page.getByRole('region', { name: 'Weekly schedule' });
  await expect(week.getByRole('rowheader', { name: 'Monday' })).toBeVisible();
  await expect(week.getByText(/^\d{2}:\d{2}–\d{2}:\d{2}$/).first()).toBeVisible();

  // Another manager never sees her: not in their list, not by address, not through the API.
  const second = await passwordLogin(request, SECOND_MANAGER.email, SECOND_MANAGER.password);
  await useSession(page, second);
  await page.goto(`/manager/dashboard?patient=${mariaId}`);
  await expect(page.getByText('This patient is not among the patients you follow.')).toBeVisible();
  await expect(page.getByText('Maria Bondarenko')).toHaveCount(0);
  for (const path of ['appointments', 'doctor-reviews', 'visits']) {
    const res = await request.get(`/api/manager/${path}/${mariaId}`, { headers: auth(second.token) });
    expect(res.status(), path).toBe(404);
  }

  // The admin removes her again after a confirmation; she leaves the manager's list.
  await useSession(page, admin);
  await page.goto('/admin/managers');
  await managerRow.getByRole('button', { name: 'Manage' }).click();
  await manage.getByRole('button', { name: 'Remove Maria Bondarenko' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this patient?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Patient removed')).toBeVisible();
  await expect(manage.getByLabel('Maria Bondarenko', { exact: true })).toHaveCount(0);
  await useSession(page, manager);
  await page.goto('/manager/profile?tab=patients');
  await expect(page.getByRole('tab', { name: 'Patients' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article', { name: 'Maria Bondarenko' })).toHaveCount(0);
});

test('managers and admins edit their own names; the e-mail stays read-only; /profile leads to each one', async ({
  page,
  request,
}) => {
  const second = await passwordLogin(request, SECOND_MANAGER.email, SECOND_MANAGER.password);
  await useSession(page, second);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/manager\/profile$/);
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveValue(SECOND_MANAGER.email);
  await expect(email).toHaveAttribute('readonly', '');
  await page.getByRole('textbox', { name: 'First name' }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Martha');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Martha');

  await useSession(page, await signInAsAdmin(request));
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('admin@rozmova.demo');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Audit' })).toBeVisible();
});

test('an admin lists group programs without their members and cancels a session of one', async ({ page, request }) => {
  // A program of two weekly sessions three days on, with one member, all through the API.
  const doctor = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Iryna', lastName: 'Circle' });
  const title = `Grief circle ${randomUUID().slice(0, 6)}`;
  const firstStartsAt = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3 * 86_400_000).toISOString();
  const made = await request.post('/api/psychologist/groups', {
    data: {
      title,
      therapyType: 'KPT',
      capacity: 4,
      enrolment: 'OPEN',
      firstStartsAt,
      durationMinutes: 60,
      sessionCount: 2,
      repeatDays: 7,
    },
    headers: auth(doctor.token),
  });
  expect(made.status(), await made.text()).toBe(201);
  const group = (await made.json()) as GroupProgram;
  const member = await createOnboardedUser(request, 'PATIENT', { firstName: 'Hidden', lastName: 'Member' });
  const joined = await request.post(`/api/patient/groups/${group.id}/enrolment`, {
    data: { agreementAccepted: true },
    headers: auth(member.token),
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const admin = await signInAsAdmin(request);
  // The sessions as the admin's clock reads them: the admin's own list answers them in the admin's zone.
  const listed = (await (await request.get('/api/admin/groups', { headers: auth(admin.token) })).json()) as ListPage<AdminGroup>;
  const first = listed.content.find((g) => g.id === group.id)?.nextSession;
  expect(first?.id).toBe(group.sessions[0].id);
  const spelled = (d: string) => dayjs(d).locale('en').format('MMMM D, YYYY');

  await useSession(page, admin);
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('link', { name: 'Groups' }).click();
  await expect(page).toHaveURL(/\/admin\/groups$/);
  const row = page.getByRole('row', { name: title });
  await expect(row).toContainText('Iryna Circle');
  await expect(row).toContainText('Cognitive behavioural therapy (CBT)');
  await expect(row).toContainText('Open enrolment');
  await expect(row).toContainText('1 / 4');
  await expect(row).toContainText('Running');
  await expect(row).toContainText(`${spelled(first?.date ?? '')} ${first?.startTime}`);
  await expect(page.getByText('Hidden Member')).toHaveCount(0);

  // From the program's sessions, the first is canceled; the next is then the second, a week on.
  await row.getByRole('button', { name: `Sessions of ${title}` }).click();
  const sessions = page.getByRole('dialog', { name: `${title}: sessions` });
  const items = sessions.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await items
    .first()
    .getByRole('button', { name: /^Cancel the session of/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this group session?' });
  await expect(dialog).toContainText('every member are told');
  await dialog.getByRole('button', { name: 'Cancel session' }).click();
  await expect(page.getByText('Group session canceled; every member is told')).toBeVisible();
  await expect(items.first()).toContainText('Canceled');
  await expect(items.first().getByRole('button')).toHaveCount(0);
  await expect(items.nth(1).getByRole('button', { name: /^Cancel the session of/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sessions).toBeHidden();
  const second = dayjs(first?.date).add(7, 'day').format('YYYY-MM-DD');
  await expect(row).toContainText(`${spelled(second)} ${first?.startTime}`);

  // Among all appointments (ten a page, soonest first, so other tests' sessions may come before these) the first
  // session shows canceled, with nothing left to cancel; the second still can be.
  const rows = page.getByRole('row', { name: new RegExp(`^Group: ${title}`) });
  const onItsPage = async (row: typeof rows) => {
    await page.getByRole('banner').getByRole('link', { name: 'Appointments' }).click();
    await expect(page.getByRole('heading', { name: 'All appointments' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(async () => {
      if (await row.isVisible()) return;
      const next = page.getByRole('button', { name: 'Next page' });
      expect(await next.isEnabled(), 'the row is on no page').toBe(true);
      await next.click();
      throw new Error('not on this page');
    }).toPass({ timeout: 20_000 });
  };
  const canceled = rows.filter({ hasText: 'Canceled' });
  await onItsPage(canceled);
  await expect(canceled.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  const ahead = rows.filter({ hasNotText: 'Canceled' });
  await onItsPage(ahead);
  await ahead.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Cancel this group session?' }).getByRole('button', { name: 'Keep session' }).click();
  await expect(ahead).toContainText('Confirmed');

  // On a phone: nothing sideways, cut or overlapping, and nothing axe calls serious, on the list and a program's sessions.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/groups');
  await expect(row).toBeVisible();
  expect([...(await layoutProblems(page)), ...(await axeProblems(page))]).toEqual([]);
  await row.getByRole('button', { name: `Sessions of ${title}` }).click();
  await expect(items).toHaveCount(2);
  expect([...(await layoutProblems(page)), ...(await axeProblems(page))]).toEqual([]);
});
