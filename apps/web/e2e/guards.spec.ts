import { expect } from '@playwright/test';
import { stored } from './support/auth-ui';
import { test } from './support/fixtures';
import { createOnboardedUser, signInByCode, useSession } from './support/users';

test('an anonymous visitor on protected routes goes to /login', async ({ page }) => {
  for (const path of ['/dashboard', '/onboarding', '/patient/profile', '/admin/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a signed-in user with an unfinished profile is sent to /onboarding', async ({ page, request }) => {
  await useSession(page, await signInByCode(request));
  for (const path of ['/dashboard', '/doctor/schedule', '/patient/doctors', '/auth-email', '/login', '/']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/onboarding$/);
  }
});

test('a wrong role goes to /dashboard; the right role stays', async ({ page, request }) => {
  await useSession(page, await createOnboardedUser(request, 'PATIENT'));
  for (const path of ['/doctor/schedule', '/manager/dashboard', '/admin/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  await expect(page.getByTestId('dashboard-role')).toHaveText(/patient/);
  await page.goto('/patient/appointments');
  await expect(page).toHaveURL(/\/patient\/appointments$/);
});

test('/auth-email and /login send a signed-in user to /dashboard', async ({ page, request }) => {
  await useSession(page, await createOnboardedUser(request, 'PSYCHOLOGIST'));
  for (const path of ['/auth-email', '/login']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

test('an unknown address shows "page not found" in the layout, not the landing page', async ({ page, request }) => {
  await page.goto('/no/such-page?x=1');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such-page\?x=1$/);
  await expect(page).toHaveTitle('Page not found · Rozmova');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);

  await useSession(page, await createOnboardedUser(request, 'PATIENT'), 'uk');
  await page.goto('/patient/nowhere');
  await expect(page.getByRole('heading', { name: 'Сторінку не знайдено', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'На головну' })).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: 'До панелі' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the brand link goes home from the cabinet without a question where nothing is lost, and logout clears the session', async ({
  patient: user,
  page,
  request,
}) => {
  await useSession(page, user);
  await page.goto('/dashboard');
  const brand = page.getByRole('link', { name: 'Rozmova — home page' });

  await brand.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Enter office' })).toBeVisible();

  await page.getByRole('link', { name: 'Enter office' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await stored(page, 'token')).toBeNull();
  // Everything is cleared but the chosen language.
  expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({ locale: 'en' });
  // The server ended that session too: the old token no longer opens anything.
  const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${user.token}` } });
  expect(me.status()).toBe(401);
});

test('the top navigation works from the keyboard', async ({ page, request }) => {
  await useSession(page, await createOnboardedUser(request, 'PATIENT'));
  await page.goto('/dashboard');
  const findDoctors = page.getByRole('banner').getByRole('link', { name: 'Find a psychologist' });
  await findDoctors.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patient\/doctors$/);
  await expect(findDoctors).toHaveAttribute('aria-current', 'page');
});

test('the dashboard and top navigation follow the role; nothing shows before onboarding', async ({ page, request }) => {
  const staff = [
    {
      email: 'admin@rozmova.demo',
      name: 'Oksana',
      line: /administrator/,
      items: ['Users', 'Managers', 'Appointments'],
      profile: '/admin/profile',
    },
    {
      email: 'manager@rozmova.demo',
      name: 'Dmytro',
      line: /manager/,
      items: ['Appointments', 'Dashboard'],
      profile: '/manager/profile',
    },
  ];
  for (const { email, name, line, items, profile } of staff) {
    const res = await request.post('/api/auth/login', { data: { email, password: 'rozmova-demo-2026' } });
    expect(res.ok()).toBe(true);
    await useSession(page, await res.json());
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
    await expect(page.getByTestId('dashboard-role')).toHaveText(line);
    const nav = page.getByRole('banner');
    for (const item of items) await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', profile);
  }

  await useSession(page, await signInByCode(request));
  await page.goto('/onboarding');
  const nav = page.getByRole('banner');
  await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
  // The brand link home is the only link: no menu items before onboarding.
  await expect(nav.getByRole('link')).toHaveText(['Rozmova']);
});

test('logging out, by hand or by a dead session, keeps the chosen language', async ({ patient: user, page, request }) => {
  await useSession(page, await createOnboardedUser(request, 'PATIENT'), 'uk');
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Вийти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({ locale: 'uk' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Вхід до Rozmova' })).toBeVisible();

  // A session the server has ended: the first 401 logs out the same way.
  const revoked = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${user.token}` } });
  expect(revoked.ok()).toBe(true);
  await useSession(page, user, 'uk');
  await page.goto('/patient/appointments');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Вхід до Rozmova' })).toBeVisible();
  expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({ locale: 'uk' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Вхід до Rozmova' })).toBeVisible();
});

test('a moderator made by the CLI sees the dashboard and their profile, nothing else', async ({ page, request }) => {
  const res = await request.post('/api/auth/login', {
    data: { email: 'moderator@example.test', password: 'e2e-moderator-password' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await useSession(page, await res.json());
  await page.goto('/dashboard');
  await expect(page.getByText('You are a moderator. Thank you for keeping Rozmova a safe place.')).toBeVisible();
  // No navigation of any other role.
  await expect(
    page.getByRole('banner').getByRole('link', { name: /Users|Appointments|Find a psychologist|Records/ }),
  ).toHaveCount(0);

  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(page.getByText('moderator@example.test')).toBeVisible();
  await expect(page.getByText('Olha Moderova')).toBeVisible();

  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a person without a photo: no screen asks for it, so the console stays quiet', async ({
  psychologist: doctor,
  patient,
  page,
}) => {
  const problems: string[] = [];
  page.on(
    'response',
    (r) => r.url().includes('/api/') && r.url().includes('avatar') && problems.push(`${r.status()} ${r.url()}`),
  );
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));

  await useSession(page, patient);
  await page.goto('/patient/profile');
  await expect(page.getByRole('button', { name: 'Upload photo' })).toBeVisible();
  await page.goto(`/doctor/profile/${doctor.id}`);
  await expect(page.getByRole('heading', { name: `${doctor.firstName} ${doctor.lastName}` })).toBeVisible();
  await useSession(page, doctor);
  await page.goto('/doctor/profile');
  await expect(page.getByRole('button', { name: 'Upload photo' })).toBeVisible();
  expect(problems).toEqual([]);
});
