// Group calls through Janus, end-to-end encrypted, in Debian's Chromium with fake devices (320×240 cameras at 15 fps,
// as the e2e suite uses): join to the first remote frame (p50, p95), then a room of four for 15 s: each browser's CPU
// (all its processes), Janus's CPU, each receiver's downlink and each sender's uplink; and what sealing costs, from
// the time to seal and open frames of the sizes the room carries.

import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { admit } from '../apps/server/src/modules/video/admissions.js';
import { createPatient, createPsychologist, type TestUser } from '../apps/server/test/factories.js';
import { call } from '../apps/server/test/helpers.js';
import { JANUS_DEV_SECRET, startJanus } from '../apps/server/test/janus.js';
import { RECORD_CONNECTIONS, SMALL_CAMERA } from '../apps/web/e2e/support/group-call.js';
import { clearBytes, deriveSenderKey, openFrame, sealFrame } from '../apps/web/src/features/video/call/e2ee/frame-crypto.js';
import { freshEmbedded } from './lib/bench-db.js';

const JOINS = Number(process.env.BENCH_JOINS ?? 6);
const WINDOW_S = 15;
const progress = (message: string) => process.stderr.write(`  ${new Date().toISOString().slice(11, 19)} ${message}\n`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function page(browser: Browser, user: TestUser, role: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addInitScript(SMALL_CAMERA);
  await context.addInitScript(RECORD_CONNECTIONS);
  await context.addInitScript(
    (session) => {
      localStorage.setItem('token', session.token);
      localStorage.setItem('role', session.role);
      localStorage.setItem('profileCompleted', 'true');
      localStorage.setItem('locale', 'en');
    },
    { token: user.token, role },
  );
  return { context, page: await context.newPage() };
}

/** Clicks Join inside the page and waits there for the first decoded remote video frame. */
const joinToFirstFrame = (p: Page) =>
  p.evaluate(async () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Join the call'));
    if (!button) throw new Error('no join button');
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const seen = pcs.length;
    const start = performance.now();
    button.click();
    for (;;) {
      for (const pc of pcs.slice(seen)) {
        let frames = 0;
        (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
        });
        if (frames > 0) return performance.now() - start;
      }
      if (performance.now() - start > 30_000) throw new Error('no frame within 30 s');
      await new Promise((r) => setTimeout(r, 5));
    }
  });

/** Bytes received and sent so far over the page's open connections. */
const bytes = (p: Page) =>
  p.evaluate(async () => {
    let received = 0;
    let sent = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; bytesReceived?: number; bytesSent?: number }) => {
        if (s.type === 'inbound-rtp') received += s.bytesReceived ?? 0;
        if (s.type === 'outbound-rtp') sent += s.bytesSent ?? 0;
      });
    }
    return { received, sent };
  });

/** CPU seconds of a process so far, from /proc (user and system). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of all of a browser's processes so far. */
async function browserCpu(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { cpuTime: number }[] };
  await cdp.detach();
  return processInfo.reduce((sum, p) => sum + p.cpuTime, 0);
}

/** Microseconds to seal and to open one frame of `size` bytes, over many frames. */
async function sealingCost(size: number, kind: 'audio' | 'video') {
  const key = await deriveSenderKey(crypto.getRandomValues(new Uint8Array(32)), 'peer');
  const frame = crypto.getRandomValues(new Uint8Array(size));
  const clear = clearBytes(kind, false);
  const n = 2000;
  let sealed = frame;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) sealed = await sealFrame(frame, clear, 0, BigInt(i + 1), key);
  const t1 = performance.now();
  for (let i = 0; i < n; i++) await openFrame(sealed, clear, key);
  const t2 = performance.now();
  return { seal: ((t1 - t0) * 1000) / n, open: ((t2 - t1) * 1000) / n };
}

const janus = await startJanus();
const target = await freshEmbedded();
const config = loadConfig({
  DATA_DIR: target.dataDir,
  JWT_SECRET: 'bench-secret-0123456789abcdef',
  LOG_LEVEL: 'silent',
  JANUS_URL: janus.url,
  JANUS_SECRET: JANUS_DEV_SECRET,
});
const app = await buildApp(config, { database: target.database, logger: false });
const browsers: Browser[] = [];
const launch = async () => {
  const b = await chromium.launch({
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
  browsers.push(b);
  return b;
};
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const doctor = await createPsychologist(app);
  const members = [await createPatient(app), await createPatient(app), await createPatient(app)];
  const created = await call(app, {
    method: 'POST',
    url: '/api/psychologist/groups',
    token: doctor.token,
    payload: {
      title: 'Bench circle',
      description: '',
      therapyType: 'KPT',
      capacity: 5,
      enrolment: 'OPEN',
      firstStartsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      durationMinutes: 60,
      sessionCount: 1,
      repeatDays: 7,
    },
  });
  const group = created.body as { id: number; sessions: { videoCallRoomId: string }[] };
  const room = group.sessions[0].videoCallRoomId;
  for (const m of members) {
    await call(app, {
      method: 'POST',
      url: `/api/patient/groups/${group.id}/enrolment`,
      token: m.token,
      payload: { agreementAccepted: true },
    });
  }
  // Let in ahead, as the psychologist would: the figure is the media's, not the waiting room's.
  await admit(
    app.context,
    room,
    members.map((m) => m.id),
  );

  // Each person in a browser of their own, so each browser's CPU is one participant's.
  const pages: Page[] = [];
  for (const [i, user] of [doctor, ...members].entries()) {
    const p = await page(await launch(), user, i === 0 ? 'ROLE_PSYCHOLOGIST' : 'ROLE_PATIENT');
    await p.page.goto(`${base}/video-chat-room?room=${room}`);
    await p.page.getByRole('button', { name: 'Turn the camera on' }).click();
    pages.push(p.page);
  }
  await pages[0].getByRole('button', { name: 'Join the call' }).click();
  await pages[0]
    .getByTestId('safety-code')
    .getByText(/Safety code/)
    .waitFor();

  const times: number[] = [];
  for (let i = 0; i < JOINS; i++) {
    const p = pages[1];
    if (i > 0) {
      await p.reload();
      await p.getByRole('button', { name: 'Turn the camera on' }).click();
    }
    times.push(await joinToFirstFrame(p));
    progress(`join ${i + 1}/${JOINS}: ${times.at(-1)?.toFixed(0)} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `\nGroup call through Janus, end-to-end encrypted: join to first decoded remote frame (loopback, ${JOINS} joins)\n` +
      `  p50 ${percentile(sorted, 50).toFixed(0)} ms   p95 ${percentile(sorted, 95).toFixed(0)} ms   ` +
      `min ${sorted[0].toFixed(0)} ms   max ${sorted.at(-1)?.toFixed(0)} ms`,
  );

  for (const p of pages.slice(2)) await joinToFirstFrame(p);
  await new Promise((r) => setTimeout(r, 3000));
  const cpu0 = await Promise.all(browsers.map(browserCpu));
  const janus0 = janus.pid ? cpuSeconds(janus.pid) : 0;
  const bytes0 = await Promise.all(pages.map(bytes));
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
  const cpu1 = await Promise.all(browsers.map(browserCpu));
  const janus1 = janus.pid ? cpuSeconds(janus.pid) : 0;
  const bytes1 = await Promise.all(pages.map(bytes));
  const pct = (s: number) => `${((s / WINDOW_S) * 100).toFixed(0)} %`;
  const kbit = (b: number) => `${((b * 8) / WINDOW_S / 1000).toFixed(0)} kbit/s`;
  console.log(`\nA room of 4 through Janus for ${WINDOW_S} s (each browser one participant; % of one core)`);
  for (const [i] of pages.entries()) {
    console.log(
      `  ${i === 0 ? 'psychologist' : `member ${i}    `}  CPU ${pct(cpu1[i] - cpu0[i])}   down ${kbit(bytes1[i].received - bytes0[i].received)}   up ${kbit(bytes1[i].sent - bytes0[i].sent)}`,
    );
  }
  console.log(`  Janus         CPU ${pct(janus1 - janus0)}`);

  // Sealing: a 320×240 VP8 delta frame at ~300 kbit/s and 15 fps is ~2.5 KB, a key frame ~15 KB; Opus 20 ms ~100 B.
  const video = await sealingCost(2500, 'video');
  const key = await sealingCost(15_000, 'video');
  const audio = await sealingCost(100, 'audio');
  // In a room of 4 a browser seals its audio (50/s) and three camera layers (45 frames/s), and opens three peers'
  // audio (150/s) and video (45/s).
  const perSecond = 50 * audio.seal + 45 * video.seal + 150 * audio.open + 45 * video.open;
  console.log(
    `\nSealing (AES-GCM, WebCrypto in Node ${process.version}; µs per frame)\n` +
      `  video 2.5 KB: seal ${video.seal.toFixed(0)} / open ${video.open.toFixed(0)}   key frame 15 KB: seal ${key.seal.toFixed(0)} / open ${key.open.toFixed(0)}   audio 100 B: seal ${audio.seal.toFixed(0)} / open ${audio.open.toFixed(0)}\n` +
      `  a browser in a room of 4 spends about ${(perSecond / 10_000).toFixed(2)} % of a core sealing and opening\n`,
  );
} finally {
  for (const b of browsers) await b.close();
  await app.close();
  await target.dispose();
  await janus.stop();
}
