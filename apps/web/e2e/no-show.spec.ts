import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { formatTime } from '@rozmova/contract';
import { newScreenPage, test } from './support/fixtures';
import { freePort, ownDataDir, ownServerEnv, startServer, stopServer } from './support/global-setup';
import { bookAt, DAY_MS, everyDay, HOUR_MS, setSchedule, setTimeZone } from './support/sessions';
import { createOnboardedUser, useSession } from './support/users';

// A server of its own, whose clock the test can set: the API books only sessions that lie ahead.
test.describe.configure({ timeout: 180_000 });

const root = new URL('../../../', import.meta.url).pathname;
const CLOCK_SERVER = ['--import', 'tsx', 'apps/web/e2e/support/clock-server.mjs'];

/** Runs the server's clock from this instant on (null: the real time again). */
async function setClock(request: APIRequestContext, at: Date | null) {
  const res = await request.put('/e2e/clock', { data: { at: at?.toISOString() ?? null } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Two-hour slots from midnight, every day, on the psychologist's clock. */
const TWO_HOUR_SLOTS = Array.from({ length: 12 }, (_, i): [string, string] => [formatTime(i * 120), formatTime(i * 120 + 120)]);

/**
 * A session that started within the last hour and goes on for at least another: two-hour slots start at even hours
 * in UTC and at odd ones in Lagos (UTC+1 all year), so one of the two zones has a slot that began at the last full
 * hour. It is booked while the server's clock stands a minute before that start.
 */
async function sessionUnderWay(request: APIRequestContext) {
  const doc = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Roman', lastName: 'Tkachenko' });
  const patient = await createOnboardedUser(request, 'PATIENT', { firstName: 'Ivanna', lastName: 'Savchuk' });
  const startsAt = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const zone = (startsAt / HOUR_MS) % 2 === 0 ? 'UTC' : 'Africa/Lagos';
  // Both in one zone, so each side's list reads the times the booking answers.
  await setTimeZone(request, doc, zone);
  await setTimeZone(request, patient, zone);
  await setSchedule(request, doc, everyDay(...TWO_HOUR_SLOTS));
  await setClock(request, new Date(startsAt - 60_000));
  const session = await bookAt(request, patient, doc.id, new Date(startsAt));
  await setClock(request, null);
  // And one ahead, at another time of day, which cannot be marked yet.
  const ahead = await bookAt(request, patient, doc.id, new Date(startsAt + DAY_MS + 2 * HOUR_MS));
  return { doc, patient, session, ahead };
}

const card = (page: Page, time: string) => page.locator('main article').filter({ hasText: time });

test('a psychologist marks a session under way as not attended: it leaves the active list and its room closes', async ({
  browser,
  playwright,
}) => {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = ownDataDir('no-show');
  const server: ChildProcess = await startServer(root, ownServerEnv(port, dataDir), CLOCK_SERVER);
  const request = await playwright.request.newContext({ baseURL });
  const context = await browser.newContext({ baseURL });
  const patientContext = await browser.newContext({ baseURL });
  try {
    const { doc, patient, session, ahead } = await sessionUnderWay(request);
    const now = `${session.startTime}–${session.endTime}`;
    const later = `${ahead.startTime}–${ahead.endTime}`;
    const page = await newScreenPage(context);
    await useSession(page, doc);
    await page.goto('/doctor/appointments');

    // The session under way can be joined and marked; the one tomorrow neither yet.
    await expect(card(page, now).getByRole('link', { name: 'Join video call' })).toBeVisible();
    await expect(card(page, later).getByRole('button', { name: 'Not attended' })).toHaveCount(0);
    await expect(card(page, later).getByRole('button', { name: 'Join video call' })).toBeDisabled();
    await card(page, now).getByRole('button', { name: 'Not attended' }).click();
    const confirm = page.getByRole('dialog', { name: 'The patient did not attend?' });
    await expect(confirm).toContainText('Ivanna Savchuk');
    await confirm.getByRole('button', { name: 'Mark as not attended' }).click();
    await expect(page.getByText('Marked as not attended', { exact: true })).toBeVisible();
    await expect(card(page, now)).toHaveCount(0);
    await expect(card(page, later)).toBeVisible();

    await page.getByRole('tab', { name: 'Archived' }).click();
    await expect(card(page, now).getByText('Not attended', { exact: true })).toBeVisible();
    await expect(card(page, now).getByRole('button', { name: 'Not attended' })).toHaveCount(0);
    await expect(card(page, now).getByRole('link', { name: 'Join video call' })).toHaveCount(0);

    // The patient finds the room closed, and nothing to join.
    const patientPage = await newScreenPage(patientContext);
    await useSession(patientPage, patient);
    await patientPage.goto(`/video-chat-room?room=${session.videoCallRoomId}`);
    await expect(patientPage.getByRole('alert').filter({ hasText: 'This session was marked as not attended.' })).toBeVisible();
    await expect(patientPage.getByRole('button', { name: 'Join the call' })).toHaveCount(0);
  } finally {
    await context.close();
    await patientContext.close();
    await request.dispose();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
