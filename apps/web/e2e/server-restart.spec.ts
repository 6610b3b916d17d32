import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect as baseExpect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { freePort, ownDataDir, ownServerEnv, SERVER_ENTRY, startServer } from './support/global-setup';
import { bookedPair, expectAudioArriving, expectFramesGrowing, framesDecoded, fullName, openRoom } from './support/video';

// A server of its own (started twice), two browsers with live video: far more than the suite's default time.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const root = new URL('../../../', import.meta.url).pathname;

/** Bytes of media received so far over the page's open connections, audio and video. */
function bytesReceived(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; bytesReceived?: number }) => {
        if (s.type === 'inbound-rtp') total += s.bytesReceived ?? 0;
      });
    }
    return total;
  });
}

const chatList = (page: Page) => page.getByRole('list', { name: 'Chat messages' });
async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/**
 * How each stop looks to the browsers: SIGKILL (a crash) gives no goodbye, only the TCP connections dropping; SIGTERM
 * (what every deploy sends) tells them the server is going away. Either way the call must go on.
 */
const STOPS = [
  { signal: 'SIGKILL', title: 'the server dies mid-call' },
  { signal: 'SIGTERM', title: 'the server is stopped for a deploy mid-call' },
] as const;
/** Both pages must be back in the room within this long of the server being ready again. */
const REJOIN_MS = 5000;

for (const { signal, title } of STOPS) {
  test(`${title} (${signal}): media keeps flowing peer to peer, and both rejoin by themselves once it is back`, async ({
    browser,
    playwright,
  }) => {
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const dataDir = ownDataDir('restart');
    const env = ownServerEnv(port, dataDir);
    let server: ChildProcess | null = await startServer(root, env, SERVER_ENTRY);
    const request = await playwright.request.newContext({ baseURL });
    const { doctor, patient, room } = await bookedPair(request);
    const doc = await openRoom(browser, doctor, room, 'en', { baseURL });
    const pat = await openRoom(browser, patient, room, 'en', { baseURL });
    try {
      for (const side of [doc, pat]) {
        await side.page.getByRole('button', { name: 'Turn the camera on' }).click();
        await side.page.getByRole('button', { name: 'Join the call' }).click();
      }
      const patientTile = doc.page.getByRole('region', { name: fullName(patient) });
      const doctorTile = pat.page.getByRole('region', { name: fullName(doctor) });
      await expect(patientTile).toBeVisible();
      await expect(doctorTile).toBeVisible();
      await say(pat.page, 'before the restart');
      await expect(chatList(doc.page)).toContainText('before the restart');
      for (const side of [doc, pat]) await expectFramesGrowing(side.page, 'camera');

      const exited = new Promise((r) => server?.once('exit', r));
      server.kill(signal);
      await exited;
      server = null;
      for (const side of [doc, pat]) {
        await expect(side.page.getByText('Connection lost. Reconnecting…')).toBeVisible();
      }
      // While it is down, each side keeps seeing and hearing the other: frames and bytes keep coming.
      for (const side of [doc, pat]) {
        const bytes = await bytesReceived(side.page);
        await expectFramesGrowing(side.page, 'camera');
        await expectAudioArriving(side.page);
        expect(await bytesReceived(side.page)).toBeGreaterThan(bytes);
      }
      await expect(patientTile).toBeVisible();
      await expect(doctorTile).toBeVisible();
      await expect((await fetch(`${baseURL}/api/ready`).catch(() => null))?.ok ?? false).toBe(false);

      // Back on the same port with the same data: both reconnect and are in the call together again, soon.
      server = await startServer(root, env, SERVER_ENTRY);
      const ready = Date.now();
      await Promise.all(
        [doc, pat].map((side) =>
          expect(side.page.getByText('Connection lost. Reconnecting…')).toBeHidden({ timeout: REJOIN_MS }),
        ),
      );
      expect(Date.now() - ready).toBeLessThan(REJOIN_MS);
      for (const side of [doc, pat]) await expect(side.page.getByText('The server ended the connection.')).toHaveCount(0);
      await expect(patientTile).toBeVisible();
      await expect(doctorTile).toBeVisible();
      await say(doc.page, 'after the restart');
      await expect(chatList(pat.page)).toContainText('after the restart');
      await say(pat.page, 'heard you');
      await expect(chatList(doc.page)).toContainText('heard you');
      for (const side of [doc, pat]) await expectFramesGrowing(side.page, 'camera');
      expect(await framesDecoded(doc.page, 'camera')).toBeGreaterThan(0);
    } finally {
      await doc.context.close();
      await pat.context.close();
      await request.dispose();
      if (server) {
        const exited = new Promise((r) => server?.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
