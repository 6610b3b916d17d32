// Time from pressing "Join the call" to the first decoded frame of the other side's camera, on loopback, in Debian's
// Chromium with fake devices: 10 calls in fresh ad-hoc rooms, p50 and p95.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createPatient, createPsychologist } from '../apps/server/test/factories.js';
import { freshEmbedded } from './lib/bench-db.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 10);
const root = fileURLToPath(new URL('..', import.meta.url));
const progress = (message: string) => process.stderr.write(`  ${new Date().toISOString().slice(11, 19)} ${message}\n`);

if (!existsSync(`${root}apps/web/dist/index.html`)) {
  progress('building the web app');
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('build failed');
}

/** Joins by a click inside the page and waits there for the first decoded frame on a camera line. */
function joinAndTimeFirstFrame(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Join the call'));
    if (!button) throw new Error('no join button');
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const start = performance.now();
    button.click();
    for (;;) {
      for (const pc of pcs) {
        const receiver = pc.getTransceivers()[1]?.receiver;
        if (!receiver || pc.connectionState === 'closed') continue;
        let frames = 0;
        (await receiver.getStats()).forEach((s: { type: string; framesDecoded?: number }) => {
          if (s.type === 'inbound-rtp') frames += s.framesDecoded ?? 0;
        });
        if (frames > 0) return performance.now() - start;
      }
      if (performance.now() - start > 30_000) throw new Error('no frame within 30 s');
      await new Promise((r) => setTimeout(r, 5));
    }
  });
}

async function signedInPage(browser: Browser, base: string, token: string, role: string) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const all: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = all;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        all.push(this);
      }
    };
  });
  await context.addInitScript(
    (session) => {
      localStorage.setItem('token', session.token);
      localStorage.setItem('role', session.role);
      localStorage.setItem('profileCompleted', 'true');
      localStorage.setItem('locale', 'en');
    },
    { token, role },
  );
  const page = await context.newPage();
  await page.goto(base);
  return page;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const target = await freshEmbedded();
const config = loadConfig({ DATA_DIR: target.dataDir, JWT_SECRET: 'bench-secret-0123456789abcdef', LOG_LEVEL: 'silent' });
const app = await buildApp(config, { database: target.database, logger: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--allow-loopback-in-peer-connection',
  ],
});
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const doctor = await createPsychologist(app);
  const patient = await createPatient(app);
  const docPage = await signedInPage(browser, base, doctor.token, 'ROLE_PSYCHOLOGIST');
  const patPage = await signedInPage(browser, base, patient.token, 'ROLE_PATIENT');

  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const room = crypto.randomUUID();
    for (const page of [docPage, patPage]) {
      await page.goto(`${base}/video-chat-room?room=${room}`);
      await page.getByRole('button', { name: 'Turn the camera on' }).click();
      await page.getByTestId('camera-preview').waitFor();
    }
    await docPage.getByRole('button', { name: 'Join the call' }).click();
    await docPage.getByText('Waiting for your patient to join…').waitFor();
    const ms = await joinAndTimeFirstFrame(patPage);
    times.push(ms);
    progress(`call ${i + 1}/${CALLS}: ${ms.toFixed(0)} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `\nVideo call: join to first decoded remote frame (loopback, ${CALLS} calls)\n` +
      `  p50 ${percentile(sorted, 50).toFixed(0)} ms   p95 ${percentile(sorted, 95).toFixed(0)} ms   ` +
      `min ${sorted[0].toFixed(0)} ms   max ${sorted.at(-1)?.toFixed(0)} ms\n`,
  );
} finally {
  await browser.close();
  await app.close();
  await target.dispose();
}
