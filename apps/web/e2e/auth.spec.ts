import { expect } from '@playwright/test';
import {
  codeBoxes,
  expectCode,
  magicLinkPath,
  openLogin,
  pasteInto,
  requestCodeThroughForm,
  stored,
  typeCode,
  waitForLive,
} from './support/auth-ui';
import { test } from './support/fixtures';
import { mailCount, mailedCode, uniqueEmail, useSession } from './support/users';

test('a new user signs in by typing the mailed code and is sent to onboarding', async ({ page }) => {
  const email = uniqueEmail('typed');
  await openLogin(page);
  const code = await requestCodeThroughForm(page, email);
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  await expect(page.getByText(/You can request a new code in [23]:\d\d/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the code again' })).toHaveCount(0);
  await expect(codeBoxes(page).first()).toHaveAttribute('inputmode', 'numeric');

  // Typing advances box by box; backspace clears and moves back.
  await typeCode(page, code.slice(0, 4));
  await expect(codeBoxes(page).nth(4)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(codeBoxes(page).nth(3)).toBeFocused();
  await expectCode(page, code.slice(0, 3));
  // The sixth digit sends the code: no Confirm press needed.
  await page.keyboard.type(code.slice(3));
  await expect(page.getByText('You are logged in!')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await stored(page, 'token')).toBeTruthy();
  expect(await stored(page, 'email')).toBe(email);
  expect(await stored(page, 'profileCompleted')).toBe('false');
});

test('a pasted 6-digit code fills every box; anything else is ignored', async ({ patient: user, page }) => {
  await openLogin(page);
  const code = await requestCodeThroughForm(page, user.email);

  await pasteInto(page, 0, '12345');
  await expectCode(page, '');
  await pasteInto(page, 2, '1234567');
  await expectCode(page, '');
  // A whole code pasted is sent at once.
  await pasteInto(page, 3, ` ${code} `);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();
});

test('the code step checks the digits, locks Confirm after an attempt, and Back returns to it with the code already sent', async ({
  page,
}) => {
  const email = uniqueEmail('wrong');
  await openLogin(page);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter your e-mail')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();

  const code = await requestCodeThroughForm(page, email);
  await typeCode(page, '123');
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await confirm.click();
  await expect(page.getByText('Please enter all 6 digits')).toBeVisible();
  await expect(confirm).toBeEnabled();

  const wrong = code === '000000' ? '111111' : '000000';
  await pasteInto(page, 0, wrong);
  // One message, once: what went wrong and the way on; no toast repeating it, no countdown saying otherwise.
  await expect(
    page.getByText(
      'Invalid or expired code. To try again, go back and send the same e-mail: you return here to type the code you already have, valid for 10 minutes, without a new mail.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Invalid or expired code.')).toHaveCount(1);
  await expect(page.getByText(/request a new code in/)).toHaveCount(0);
  await expect(confirm).toBeDisabled();
  // Even the right code cannot be sent until the user goes back.
  await pasteInto(page, 0, code);
  await expect(confirm).toBeDisabled();

  // Back and the same e-mail return to the code step with the code already mailed: no new mail, no quota spent.
  const mailsBefore = await mailCount(email);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expectCode(page, '');
  await typeCode(page, code);
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await mailCount(email)).toBe(mailsBefore);
});

test('Enter on "Sign in with a password" puts the focus in its e-mail field', async ({ page }) => {
  await openLogin(page);
  await waitForLive(page);
  await page.getByRole('button', { name: 'Sign in with a password' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
});

test('a long address on the code step wraps inside the card on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail('averylongaddressofsomeonewholikeslongnamesandmoreletters'.slice(0, 55));
  await openLogin(page);
  await requestCodeThroughForm(page, email);
  const address = page.getByText(email, { exact: true });
  await expect(address).toBeVisible();
  const [box, card] = await Promise.all([address.boundingBox(), page.locator('form').first().boundingBox()]);
  expect(box && card && box.x + box.width <= card.x + card.width + 0.5).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test.describe("in Kyiv, her account's zone", () => {
  // From another zone the sign-in asks whether to switch the account's zone (a dialog over the page).
  test.use({ timezoneId: 'Europe/Kyiv' });

  // The screen is in English until she is signed in; then it takes her account's language, Ukrainian.

  test('the demo psychologist signs in with a password', async ({ page }) => {
    await openLogin(page);
    await page.getByRole('button', { name: 'Sign in with a password' }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('olena.kovalenko@rozmova.demo');
    await page.getByRole('textbox', { name: 'Password' }).fill('rozmova-demo-2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('You are logged in!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Вітаємо, Olena' })).toBeVisible();
    await expect(page.getByTestId('dashboard-role')).toHaveText(/психолог/);
    const nav = page.getByRole('banner');
    for (const item of ['Записи', 'Нотатки', 'Розклад']) await expect(nav.getByRole('link', { name: item })).toBeVisible();
    expect(await stored(page, 'role')).toBe('ROLE_PSYCHOLOGIST');
  });
});

test('a wrong password shows the error and keeps the user on /login', async ({ page }) => {
  await openLogin(page);
  await page.getByRole('button', { name: 'Sign in with a password' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('olena.kovalenko@rozmova.demo');
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
  // The sign-in page carries few style sheets: the toast brings its own, so it shows as a card, not bare text.
  const toast = page.getByRole('alert').filter({ hasText: 'Incorrect e-mail or password.' });
  await expect(toast).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(page).toHaveURL(/\/login$/);
  expect(await stored(page, 'token')).toBeNull();

  // The link switches back to code mode.
  await page.getByRole('button', { name: 'Get a code by e-mail' }).click();
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
});

test('/auth-email signs a guest in with the same code steps', async ({ page }) => {
  const email = uniqueEmail('authemail');
  await page.goto('/auth-email');
  await expect(page.getByRole('heading', { name: 'Sign in by e-mail' })).toBeVisible();
  const before = await mailCount(email);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await typeCode(page, await mailedCode(email, before));
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a magic link asks first, then signs the messaging user in without an Authorization header', async ({ page, request }) => {
  const path = await magicLinkPath(request);
  const call = page.waitForRequest((r) => r.url().includes('/api/magic-login'));
  await page.goto(path);
  expect((await call).headers().authorization).toBeUndefined();
  // Opening the link signs no one in (a link planted in another page must not): the page asks.
  const confirm = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(confirm).toBeVisible();
  expect(await stored(page, 'token')).toBeFalsy();
  await confirm.click();
  await expect(page.getByText('You are signed in')).toBeVisible();
  expect(await stored(page, 'token')).toBeTruthy();
  await page.getByRole('link', { name: 'Go to my profile' }).click();
  // A new messaging user has no profile yet, so the guard asks for onboarding first.
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a magic link opened while another account is signed in asks first, and signs that one out only when told', async ({
  patient,
  page,
  request,
}) => {
  await useSession(page, patient);
  const path = await magicLinkPath(request);
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/magic-login') && calls.push(r.url()));

  await page.goto(path);
  await expect(page.getByText('You are already signed in')).toBeVisible();
  await expect(page.getByText(`This browser is signed in as ${patient.email}.`)).toBeVisible();
  await page.getByRole('link', { name: `Stay signed in as ${patient.email}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await stored(page, 'token')).toBe(patient.token);
  expect(calls).toEqual([]);

  await page.goto(path);
  await page.getByRole('button', { name: 'Sign out and use the link' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('You are signed in')).toBeVisible();
  // The link's preview, then its use.
  expect(calls).toHaveLength(2);
  const token = await stored(page, 'token');
  expect(token).toBeTruthy();
  expect(token).not.toBe(patient.token);
  expect(await stored(page, 'email')).not.toBe(patient.email);
  // The account it replaced was signed out on the server too.
  const old = await request.get('/api/user/me', { headers: { authorization: `Bearer ${patient.token}` } });
  expect(old.status()).toBe(401);
});

test('a used or bad magic link shows the error with its status, retry and support', async ({ page, request }) => {
  const path = await magicLinkPath(request);
  expect((await request.get(`/api${path}`)).ok()).toBe(true);

  await page.goto(path);
  await expect(page.getByText('Sign-in failed')).toBeVisible();
  await expect(page.getByTestId('magic-login-status')).toHaveText(/^status_4\d\d$/);
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'mailto:support@rozmova.app');
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/magic-login') && calls.push(r.url()));
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('magic-login-status')).toHaveText(/^status_4\d\d$/);
  expect(calls).toHaveLength(1);
  expect(await stored(page, 'token')).toBeNull();

  await page.goto('/magic-login');
  await expect(page.getByTestId('magic-login-status')).toHaveText('missing_token');
});
