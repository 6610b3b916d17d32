// A full group call through Janus: the psychologist and 15 patients (GROUP_SFU_MAX_PEOPLE). Two people are Chromium
// pages (the psychologist and one patient, who hold the session key and decode each other); the other 14 are headless
// participants (Node's WebRTC) that publish a test pattern and receive each other at the low layer. All cameras are
// 320×240 at 15 fps, as in the e2e suite: at that size libwebrtc sends one of the three simulcast layers it is given
// (two at the spec's 480 lines, three from 540), so every camera here is one stream, forwarded whole.
// Over 15 s it prints Janus's CPU, each browser's CPU, downlink and uplink (and how many streams it sends), and the
// headless receivers' downlink, beside the room of 4 that bench/group-call.bench.ts measures.

import type { Browser, Page } from '@playwright/test';
import { GROUP_SFU_MAX_PEOPLE } from '@rozmova/contract';
import { call } from '../apps/server/test/helpers.js';
import {
  browserCpu,
  bytes,
  callPage,
  cpuSeconds,
  joinToFirstFrame,
  launchCallBrowser,
  openGroupRoom,
  progress,
} from './lib/call-room.js';
import { type HeadlessParticipant, joinHeadless } from './lib/headless-participant.js';

const WINDOW_S = 15;
const HEADLESS = GROUP_SFU_MAX_PEOPLE - 2;

const { app, janus, base, doctor, members, room, close } = await openGroupRoom(GROUP_SFU_MAX_PEOPLE - 1);
const browsers: Browser[] = [];
const headless: HeadlessParticipant[] = [];
try {
  const pages: Page[] = [];
  for (const [i, user] of [doctor, members[0]].entries()) {
    const browser = await launchCallBrowser();
    browsers.push(browser);
    const { page } = await callPage(browser, user, i === 0 ? 'ROLE_PSYCHOLOGIST' : 'ROLE_PATIENT');
    await page.goto(`${base}/video-chat-room?room=${room}`);
    await page.getByRole('button', { name: 'Turn the camera on' }).click();
    pages.push(page);
  }
  await pages[0].getByRole('button', { name: 'Join the call' }).click();
  await pages[0]
    .getByTestId('safety-code')
    .getByText(/Safety code/)
    .waitFor();
  await joinToFirstFrame(pages[1]);
  progress('two browsers in the room');

  // Each headless member joins Janus with the token and feed id the API server gives that member, as a browser would.
  // It is in no call room (signalling), so the browsers, which receive a feed only as a peer's there, leave it out:
  // their downlink is the other browser's only, and what 15 feeds cost a receiver is read off the headless ones.
  for (const [i, member] of members.slice(1).entries()) {
    const sfu = await call(app, { method: 'GET', url: `/api/video/group-sessions/${room}/sfu`, token: member.token });
    const join = sfu.body as { mode: string; url: string; room: number; token: string; feed: number };
    if (join.mode !== 'SFU') throw new Error(`the room is not on Janus: ${JSON.stringify(sfu.body)}`);
    headless.push(await joinHeadless(join, `headless-${i}`));
  }
  // Each receives the other headless feeds. Not the browsers' cameras: their frames are sealed, and a decoder given
  // bytes it cannot read keeps asking for key frames, which would swell the browsers' uplink.
  for (const h of headless) await h.subscribe(headless.filter((o) => o !== h).map((o) => o.feed));
  progress(`${HEADLESS} headless participants in the room`);
  await new Promise((r) => setTimeout(r, 5000));

  const cpu0 = await Promise.all(browsers.map(browserCpu));
  const janus0 = janus.pid ? cpuSeconds(janus.pid) : 0;
  const own0 = process.cpuUsage();
  const bytes0 = await Promise.all(pages.map(bytes));
  const headless0 = await Promise.all(headless.map((h) => h.traffic()));
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
  const cpu1 = await Promise.all(browsers.map(browserCpu));
  const janus1 = janus.pid ? cpuSeconds(janus.pid) : 0;
  const own = process.cpuUsage(own0);
  const bytes1 = await Promise.all(pages.map(bytes));
  const headless1 = await Promise.all(headless.map((h) => h.traffic()));

  const pct = (s: number) => `${((s / WINDOW_S) * 100).toFixed(0)} %`;
  const kbit = (b: number) => `${((b * 8) / WINDOW_S / 1000).toFixed(0)} kbit/s`;
  console.log(
    `\nA room of ${GROUP_SFU_MAX_PEOPLE} through Janus for ${WINDOW_S} s: 2 browsers and ${HEADLESS} headless participants (% of one core)`,
  );
  for (const [i, label] of ['psychologist', 'member      '].entries()) {
    console.log(
      `  ${label}  CPU ${pct(cpu1[i] - cpu0[i])}   down ${kbit(bytes1[i].received - bytes0[i].received)}   ` +
        `up ${kbit(bytes1[i].sent - bytes0[i].sent)} in ${bytes1[i].sending} streams on one connection`,
    );
  }
  if (bytes1.some((b, i) => b.connections !== bytes0[i].connections)) {
    console.log('  (a browser connected again during the window: its figures cover part of it; the machine is too busy)');
  }
  const downs = headless.map((_, i) => headless1[i].received - headless0[i].received).sort((a, b) => a - b);
  const ups = headless.map((_, i) => headless1[i].sent - headless0[i].sent).sort((a, b) => a - b);
  console.log(
    `  headless      down ${kbit(downs[0])}–${kbit(downs.at(-1) ?? 0)} each (${HEADLESS - 1} others' low layers and audio)   ` +
      `up ${kbit(ups[0])}–${kbit(ups.at(-1) ?? 0)} each`,
  );
  console.log(
    `  Janus         CPU ${pct(janus1 - janus0)}   (this bench's own process, all ${HEADLESS} headless: ${pct((own.user + own.system) / 1e6)})`,
  );
} finally {
  for (const h of headless) h.stop();
  for (const b of browsers) await b.close();
  await close();
}
// Node's WebRTC keeps threads of its own after its connections close.
process.exit(0);
