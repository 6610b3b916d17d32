import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Page as ApiPage, AuditRow, AuthResponse } from '@rozmova/contract';
import { pdf } from '../../server/test/fixtures/documents';
import { images } from '../../server/test/fixtures/images';
import { test } from './support/fixtures';
import { createOnboardedUser, signInAsAdmin, useSession } from './support/users';

const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

/** Picks a kind and a file in the documents card and sends them. */
async function send(page: Page, kind: string, chosen: ReturnType<typeof file>, labels = { kind: 'Kind', send: 'Send' }) {
  const card = page.getByRole('region', { name: /Verification documents|Документи для перевірки/ });
  await card.getByRole('combobox', { name: labels.kind }).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  await card.locator('input[type="file"]').setInputFiles(chosen);
  await card.getByRole('button', { name: labels.send }).click();
}

async function documentReads(request: APIRequestContext, admin: AuthResponse, psychologistId: number) {
  const res = await request.get(`/api/admin/audit?subjectId=${psychologistId}&action=DOCUMENT_READ`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as ApiPage<AuditRow>).content;
}

/** The admin opens a psychologist's check from /admin/users. */
async function openCheck(page: Page, email: string, verifyLabel: string) {
  await page.goto('/admin/users');
  await page.getByRole('searchbox').fill(email);
  await page.getByRole('row', { name: email }).getByRole('button', { name: verifyLabel, exact: true }).click();
}

test('a psychologist sends documents, the admin opens them inline and rejects with a reason, new ones are approved', async ({
  page,
  request,
}) => {
  // Slow: two accounts take turns on one page, uploading and opening PDFs and images (each decoded and re-encoded).
  test.slow();
  const doctor = await createOnboardedUser(request, 'PSYCHOLOGIST', {}, { verified: false });
  const doctorName = `${doctor.firstName} ${doctor.lastName}`;
  await useSession(page, doctor);
  await page.goto('/dashboard');
  // Right after onboarding: asked for the documents, with nothing sent yet.
  await expect(page.getByText('Send your documents to be checked')).toBeVisible();
  const card = page.getByRole('region', { name: 'Verification documents' });
  await expect(card.getByText('No documents yet. Start with your diploma and licence.')).toBeVisible();
  await expect(card.getByText('Being checked')).toBeVisible();

  // A wrong type is refused before sending; a locked PDF by the server; both in words.
  await card.locator('input[type="file"]').setInputFiles(file('notes.txt', 'text/plain', Buffer.from('not a document')));
  await expect(card.getByText('Only PDF, JPEG or PNG files are accepted.')).toBeVisible();
  await send(page, 'Diploma', file('locked.pdf', 'application/pdf', pdf('Locked', { trailer: '/Encrypt 6 0 R ' })));
  await expect(card.getByText(/This file could not be read: it may be damaged or protected with a password/)).toBeVisible();

  await send(page, 'Diploma', file('diploma.pdf', 'application/pdf', pdf('Diploma of psychology')));
  await expect(page.getByText('Document sent')).toBeVisible();
  await send(page, 'Licence', file('licence.png', 'image/png', images.png));
  const rows = card.getByRole('row');
  await expect(rows.filter({ hasText: 'licence.png' })).toContainText('Licence');
  await expect(rows.filter({ hasText: 'diploma.pdf' })).toContainText('Diploma');
  await expect(card.getByText('2 of 10')).toBeVisible();
  await expect(page.getByText('Your documents are being checked')).toBeVisible();
  // They can look at what they sent.
  await card.getByRole('button', { name: 'Open licence.png' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Licence: licence.png' }).getByRole('img', { name: 'licence.png' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The admin opens each document inline; every opening goes on the audit trail.
  const admin = await signInAsAdmin(request);
  await useSession(page, admin);
  await openCheck(page, doctor.email, 'Verify');
  const check = page.getByRole('dialog', { name: `Check the documents of ${doctorName}` });
  await check.getByRole('button', { name: /Diploma/ }).click();
  const frame = check.getByTestId('document-frame');
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await expect(frame).toHaveAttribute('title', 'diploma.pdf');
  await check.getByRole('button', { name: /Licence/ }).click();
  const image = check.getByRole('img', { name: 'licence.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await expect.poll(async () => (await documentReads(request, admin, doctor.id)).length).toBe(2);
  await check.getByRole('button', { name: /Diploma/ }).click();
  await expect(frame).toBeVisible();
  // The PDF is open in the browser's own viewer inside the frame.
  const viewer = () => page.frames().some((f) => f.url().startsWith('chrome-extension://'));
  await expect.poll(viewer).toBe(true);

  // A rejection needs a reason, which the psychologist reads.
  await check.getByRole('button', { name: 'Reject' }).click();
  await expect(check.getByText('Write why the documents are rejected.')).toBeVisible();
  await check.getByRole('textbox', { name: 'Reason for rejection' }).fill('The licence scan is unreadable; send a clearer copy.');
  await check.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Documents rejected')).toBeVisible();
  await expect(check).toHaveCount(0);

  await useSession(page, doctor);
  await page.goto('/doctor/profile');
  await expect(page.getByText('Your documents were not accepted')).toBeVisible();
  await expect(page.getByText('Reason: The licence scan is unreadable; send a clearer copy.')).toBeVisible();
  await expect(page.getByTestId('verification-state')).toHaveText('Rejected');
  await send(page, 'Licence', file('licence-clear.pdf', 'application/pdf', pdf('Licence')));
  await expect(page.getByText('Your documents are being checked')).toBeVisible();
  await expect(page.getByTestId('verification-state')).toHaveText('Being checked');

  // Approved: the psychologist is told nothing more on the dashboard.
  await useSession(page, admin);
  await openCheck(page, doctor.email, 'Verify');
  await expect(check.getByRole('button', { name: /licence-clear\.pdf/ })).toBeVisible();
  await check.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Psychologist verified')).toBeVisible();
  await useSession(page, doctor);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${doctor.firstName}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verification documents' })).toHaveCount(0);
  await page.goto('/doctor/profile');
  await expect(page.getByTestId('verification-state')).toHaveText('Verified');
});

test('in Ukrainian: sending, deleting with the keyboard, and a rejection with its reason', async ({ page, request }) => {
  // Slow for the same reason as the English journey: two accounts, several uploads decoded and re-encoded.
  test.slow();
  const doctor = await createOnboardedUser(request, 'PSYCHOLOGIST', {}, { verified: false });
  await useSession(page, doctor, 'uk');
  await page.goto('/doctor/profile');
  const card = page.getByRole('region', { name: 'Документи для перевірки' });
  await expect(card.getByText('Документів ще немає. Почніть із диплома та ліцензії.')).toBeVisible();
  const labels = { kind: 'Тип', send: 'Надіслати' };
  await card.getByRole('button', { name: 'Надіслати' }).click();
  await expect(card.getByText('Оберіть файл, щоб надіслати.')).toBeVisible();
  await send(page, 'Диплом', file('диплом.pdf', 'application/pdf', pdf('Dyplom')), labels);
  await expect(page.getByText('Документ надіслано')).toBeVisible();
  await send(page, 'Сертифікат', file('cert.jpg', 'image/jpeg', images.jpeg), labels);
  await expect(card.getByRole('row').filter({ hasText: 'cert.jpg' })).toContainText('Сертифікат');

  // Deleted with the keyboard alone: focus the button, Enter, then confirm.
  await card.getByRole('button', { name: 'Видалити cert.jpg' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Видалити цей документ?' });
  await confirm.getByRole('button', { name: 'Видалити' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Документ видалено')).toBeVisible();
  await expect(card.getByRole('row').filter({ hasText: 'cert.jpg' })).toHaveCount(0);
  await expect(card.getByText('1 з 10')).toBeVisible();

  const admin = await signInAsAdmin(request);
  await useSession(page, admin, 'uk');
  await openCheck(page, doctor.email, 'Підтвердити');
  const check = page.getByRole('dialog', { name: /Перевірка документів/ });
  await check.getByRole('button', { name: /Диплом/ }).click();
  await expect(check.getByTestId('document-frame')).toHaveAttribute('src', /^blob:/);
  await check.getByRole('textbox', { name: 'Причина відхилення' }).fill('Потрібна ще ліцензія.');
  await check.getByRole('button', { name: 'Відхилити' }).click();
  await expect(page.getByText('Документи відхилено')).toBeVisible();

  await useSession(page, doctor, 'uk');
  await page.goto('/dashboard');
  await expect(page.getByText('Ваші документи не прийнято')).toBeVisible();
  await expect(page.getByText('Причина: Потрібна ще ліцензія.')).toBeVisible();
  await expect(page.getByTestId('verification-state')).toHaveText('Відхилено');
});
