// Group calls through Janus, end-to-end encrypted, in Debian's Chromium with fake devices (320×240 cameras at 15 fps,
// as the e2e suite uses): join to the first remote frame (p50, p95), then a room of four for 15 s: each browser's CPU
// (all its processes), Janus's CPU, each receiver's downlink and each sender's uplink; and what sealing costs, from
// the time to seal and open frames of the sizes the room carries.

import type { Browser, Page } from '@playwright/test';
import { clearBytes, deriveSenderKey, openFrame, sealFrame } from '../apps/web/src/features/video/call/e2ee/frame-crypto.js';
import {
  browserCpu,
  bytes,
  callPage,
  cpuSeconds,
  JOIN_TIMELINE,
  joinToFirstFrame,
  launchCallBrowser,
  openGroupRoom,
  percentile,
  progress,
} from './lib/call-room.js';

const JOINS = Number(process.env.BENCH_JOINS ?? 6);
/** BENCH_TIMELINE=1: also print what the last join did when (see JOIN_TIMELINE). */
const TIMELINE = process.env.BENCH_TIMELINE === '1';
const WINDOW_S = 15;

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

const { janus, base, doctor, members, room, close } = await openGroupRoom(3);
const browsers: Browser[] = [];
const launch = async () => {
  const b = await launchCallBrowser();
  browsers.push(b);
  return b;
};
try {
  // Each person in a browser of their own, so each browser's CPU is one participant's.
  const pages: Page[] = [];
  for (const [i, user] of [doctor, ...members].entries()) {
    const p = await callPage(await launch(), user, i === 0 ? 'ROLE_PSYCHOLOGIST' : 'ROLE_PATIENT');
    if (TIMELINE && i === 1) await p.context.addInitScript({ content: JOIN_TIMELINE });
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
  if (TIMELINE) {
    const log = await pages[1].evaluate(() => (window as unknown as { __log: string[] }).__log);
    console.log(`\nThe last join, ms from the click:\n${log.filter((l) => !/trickle|<- ack/.test(l)).join('\n')}`);
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
  await close();
}
