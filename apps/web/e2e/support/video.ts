import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { openSession } from './sessions';
import { createOnboardedUser, useSession } from './users';

type User = Awaited<ReturnType<typeof createOnboardedUser>>;

/**
 * A psychologist and a patient with a session whose room admits now (or within seconds: joining waits for it, as the
 * join button does): the appointment's room.
 */
export async function bookedPair(request: APIRequestContext) {
  const doctor = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Olena' });
  const patient = await createOnboardedUser(request, 'PATIENT', { firstName: 'Taras' });
  const appointment = await openSession(request, doctor, patient);
  return { doctor, patient, appointment, room: appointment.videoCallRoomId as string };
}

export const fullName = (u: User) => `${u.firstName} ${u.lastName}`;

/**
 * Every RTCPeerConnection the page makes is kept on window.__pcs, so the test can read getStats the way
 * chrome://webrtc-internals would, without the app exposing anything.
 */
const RECORD_CONNECTIONS = () => {
  const Native = window.RTCPeerConnection;
  const all: RTCPeerConnection[] = [];
  (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = all;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      all.push(this);
    }
  };
};

/** Every WebSocket too, so a test can cut the signalling connection as a network drop would. */
const RECORD_SOCKETS = () => {
  const Native = window.WebSocket;
  const all: WebSocket[] = [];
  (window as unknown as { __sockets: WebSocket[] }).__sockets = all;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      all.push(this);
    }
  };
};

/** Whether the page holds an open WebSocket (socket.io starts on polling and upgrades). */
const hasOpenSocket = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.some((ws) => ws.readyState === WebSocket.OPEN));

/**
 * Cuts the page off the network: offline, and its open WebSockets closed. It waits for the upgrade to a WebSocket
 * first: a cut long-polling connection is only noticed by the server's ping timeout, tens of seconds later.
 */
export async function cutNetwork(context: BrowserContext, page: Page) {
  await expect.poll(() => hasOpenSocket(page), { timeout: 20_000 }).toBe(true);
  await context.setOffline(true);
  await page.evaluate(() => {
    for (const ws of (window as unknown as { __sockets: WebSocket[] }).__sockets) ws.close();
  });
}

/** A browser of its own for one user, signed in, with connections recorded, at the room. */
export async function openRoom(
  browser: Browser,
  user: User,
  room: string | null,
  locale: 'en' | 'uk' = 'en',
  options: { baseURL?: string } = {},
) {
  const context = await browser.newContext(options);
  await context.addInitScript(RECORD_CONNECTIONS);
  await context.addInitScript(RECORD_SOCKETS);
  const page = await context.newPage();
  await useSession(page, user, locale);
  await page.goto(room === null ? '/video-chat-room' : `/video-chat-room?room=${room}`);
  return { context, page };
}

/** The media lines of every connection, in the app's order. */
export const SLOT_INDEX = { audio: 0, camera: 1, screen: 2 } as const;

/** Frames decoded so far on one media line, over the page's open connections. */
export function framesDecoded(page: Page, slot: keyof typeof SLOT_INDEX): Promise<number> {
  return page.evaluate(async (index) => {
    let total = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      const receiver = pc.getTransceivers()[index]?.receiver;
      if (!receiver) continue;
      (await receiver.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') total += s.framesDecoded ?? 0;
      });
    }
    return total;
  }, SLOT_INDEX[slot]);
}

/** Video really arrives: decoded frames keep growing (a track's `live` state holds even when nothing flows). */
export async function expectFramesGrowing(page: Page, slot: keyof typeof SLOT_INDEX, timeout = 30_000) {
  const start = await framesDecoded(page, slot);
  await expect.poll(() => framesDecoded(page, slot), { timeout, intervals: [250] }).toBeGreaterThan(start + 10);
}

/** Sound energy received so far on the audio line (the fake microphone beeps, so it grows while audio flows). */
export function audioEnergy(page: Page): Promise<number> {
  return page.evaluate(async (index) => {
    let total = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      const receiver = pc.getTransceivers()[index]?.receiver;
      if (!receiver) continue;
      (await receiver.getStats()).forEach((s: { type: string; kind?: string; totalAudioEnergy?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') total += s.totalAudioEnergy ?? 0;
      });
    }
    return total;
  }, SLOT_INDEX.audio);
}

export async function expectAudioArriving(page: Page, timeout = 20_000) {
  const start = await audioEnergy(page);
  await expect.poll(() => audioEnergy(page), { timeout, intervals: [250] }).toBeGreaterThan(start);
}
