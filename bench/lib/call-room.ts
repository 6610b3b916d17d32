// What the call benches share: Debian's Chromium with fake devices, a signed-in page that records its connections,
// CPU time of processes and browsers, bytes over a page's connections, and a group session's room through Janus.

import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { admit } from '../../apps/server/src/modules/video/admissions.js';
import { createPatient, createPsychologist, type TestUser } from '../../apps/server/test/factories.js';
import { call } from '../../apps/server/test/helpers.js';
import { JANUS_DEV_SECRET, startJanus } from '../../apps/server/test/janus.js';
import { RECORD_CONNECTIONS, SMALL_CAMERA } from '../../apps/web/e2e/support/group-call.js';
import { freshEmbedded } from './bench-db.js';

export const progress = (message: string) => process.stderr.write(`  ${new Date().toISOString().slice(11, 19)} ${message}\n`);

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Debian's Chromium with the flags calls need on loopback (see the architecture notes). */
export const launchCallBrowser = () =>
  chromium.launch({
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

/** A page signed in as `user`, with the small camera and every connection recorded (window.__pcs). */
export async function callPage(browser: Browser, user: TestUser, role: string): Promise<{ context: BrowserContext; page: Page }> {
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

/** Clicks Join inside the page and waits there for the first decoded remote video frame (JOIN_TIMELINE's zero). */
export const joinToFirstFrame = (p: Page) =>
  p.evaluate(async () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Join the call'));
    if (!button) throw new Error('no join button');
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const seen = pcs.length;
    const start = performance.now();
    (window as unknown as { __t0: number }).__t0 = start;
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

/**
 * What a page does while it joins, stamped in ms from window.__t0 (set it just before the click): its WebSockets'
 * messages (Janus requests and events, socket.io events), its fetches, and its connections' states. Read the lines
 * from window.__log. A string, so that the page runs it as written.
 */
export const JOIN_TIMELINE = `(() => {
  const log = [];
  window.__log = log;
  const note = (s) => { if (window.__t0) log.push((performance.now() - window.__t0).toFixed(0).padStart(5) + ' ' + s); };
  window.__note = note;
  const NativeWS = window.WebSocket;
  window.WebSocket = class extends NativeWS {
    constructor(url, p) {
      super(url, p);
      note('ws open ' + String(url).slice(0, 40));
      this.addEventListener('open', () => note('ws opened ' + String(url).slice(0, 30)));
      this.addEventListener('message', (e) => {
        const d = String(e.data);
        const m = /"janus": ?"(\\w+)"/.exec(d) || /^\\d+\\["([\\w-]+)"/.exec(d) || /^(\\d+)/.exec(d);
        const v = /"videoroom": ?"(\\w+)"/.exec(d);
        note('  <- ' + (m ? m[1] : d.slice(0, 20)) + (v ? ' ' + v[1] : '') + (d.includes('"jsep"') ? ' +jsep' : ''));
      });
    }
    send(d) {
      const s = String(d);
      const m = /"request":"(\\w+)"/.exec(s) || /"janus": ?"(\\w+)"/.exec(s) || /^\\d+\\["([\\w-]+)"/.exec(s);
      note('  -> ' + (m ? m[1] : s.slice(0, 20)));
      super.send(d);
    }
  };
  const NativeFetch = window.fetch;
  window.fetch = async (...a) => { note('fetch ' + String(a[0]).slice(0, 60)); const r = await NativeFetch(...a); note('fetched ' + String(a[0]).slice(-20) + ' ' + r.status); return r; };
  const NativePC = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePC {
    constructor(c) {
      super(c);
      const id = Math.random().toString(36).slice(2, 5);
      note('pc ' + id + ' new');
      this.addEventListener('connectionstatechange', () => note('pc ' + id + ' ' + this.connectionState));
      this.addEventListener('track', (e) => note('pc ' + id + ' track ' + e.track.kind));
    }
  };
})()`;

/** Bytes received and sent so far over the page's open connections, and how many streams it sends (a layer libwebrtc
 * leaves off, below the size it needs, sends nothing). */
export const bytes = (p: Page) =>
  p.evaluate(async () => {
    let received = 0;
    let sent = 0;
    let sending = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; bytesReceived?: number; bytesSent?: number }) => {
        if (s.type === 'inbound-rtp') received += s.bytesReceived ?? 0;
        if (s.type === 'outbound-rtp') {
          sent += s.bytesSent ?? 0;
          if (s.bytesSent) sending++;
        }
      });
    }
    return { received, sent, sending, connections: (window as unknown as { __pcs: unknown[] }).__pcs.length };
  });

/** CPU seconds of a process so far, from /proc (user and system). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of all of a browser's processes so far. */
export async function browserCpu(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { cpuTime: number }[] };
  await cdp.detach();
  return processInfo.reduce((sum, p) => sum + p.cpuTime, 0);
}

/**
 * A group session starting in five minutes with `memberCount` enrolled patients, all let in ahead (the figures are the
 * media's, not the waiting room's), on an embedded database and a Janus of its own.
 */
export async function openGroupRoom(memberCount: number) {
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
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const doctor = await createPsychologist(app);
  const members: TestUser[] = [];
  for (let i = 0; i < memberCount; i++) members.push(await createPatient(app));
  const created = await call(app, {
    method: 'POST',
    url: '/api/psychologist/groups',
    token: doctor.token,
    payload: {
      title: 'Bench circle',
      description: '',
      therapyType: 'KPT',
      capacity: Math.max(memberCount, 2),
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
  await admit(
    app.context,
    room,
    members.map((m) => m.id),
  );
  return {
    app,
    janus,
    base,
    doctor,
    members,
    room,
    close: async () => {
      await app.close();
      await target.dispose();
      await janus.stop();
    },
  };
}
