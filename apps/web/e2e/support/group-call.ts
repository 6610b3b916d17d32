import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { bearer } from './sessions';
import { createOnboardedUser, useSession } from './users';

// Group calls in the browser: people made through the API, pages that record their connections for getStats.

export type Person = Awaited<ReturnType<typeof createOnboardedUser>>;

/** A small fake camera, so three browsers encoding three layers each stay light on the machine. */
export const SMALL_CAMERA = () => {
  const media = navigator.mediaDevices;
  const getUserMedia = media.getUserMedia.bind(media);
  media.getUserMedia = (c) =>
    getUserMedia(c?.video ? { ...c, video: { ...(c.video as object), width: 320, height: 240, frameRate: 15 } } : c);
};

/** Every RTCPeerConnection the page makes, for getStats. */
export const RECORD_CONNECTIONS = () => {
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

/** How many connections the page has made so far. */
export const connectionCount = (page: Page) => page.evaluate(() => (window as unknown as { __pcs: unknown[] }).__pcs.length);

/** Video frames decoded so far over the page's open connections (those made since the `since`th). */
export const framesDecoded = (page: Page, since = 0) =>
  page.evaluate(async (since) => {
    let total = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.slice(since)) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') total += s.framesDecoded ?? 0;
      });
    }
    return total;
  }, since);

/** The width of the video in a person's tile (0 until a frame has arrived). */
export const tileVideoWidth = (page: Page, name: string) =>
  page
    .getByRole('region', { name })
    .locator('video')
    .evaluate((v: HTMLVideoElement) => v.videoWidth)
    .catch(() => 0);

const MEMBERS = [
  { firstName: 'Iryna', lastName: 'Marchenko' },
  { firstName: 'Petro', lastName: 'Hnatiuk' },
  { firstName: 'Sofiia', lastName: 'Kravets' },
];

/** A group whose one session starts in five minutes (its room open), its psychologist and members. */
export async function groupInSession(request: APIRequestContext, memberNames = MEMBERS.slice(0, 2)) {
  const doctor = await createOnboardedUser(request, 'PSYCHOLOGIST', { firstName: 'Olena', lastName: 'Savchuk' });
  const members = await Promise.all(memberNames.map((name) => createOnboardedUser(request, 'PATIENT', name)));
  const created = await request.post('/api/psychologist/groups', {
    headers: bearer(doctor.token),
    data: {
      title: 'Evening circle',
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
  expect(created.status(), await created.text()).toBe(201);
  const group = (await created.json()) as { id: number; sessions: { videoCallRoomId: string }[] };
  for (const m of members) {
    const res = await request.post(`/api/patient/groups/${group.id}/enrolment`, {
      headers: bearer(m.token),
      data: { agreementAccepted: true },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { doctor, members, room: group.sessions[0].videoCallRoomId };
}

export async function openCall(browser: Browser, baseURL: string, person: Person, room: string) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(SMALL_CAMERA);
  await context.addInitScript(RECORD_CONNECTIONS);
  const page = await context.newPage();
  await useSession(page, person);
  await page.goto(`/video-chat-room?room=${room}`);
  await page.getByRole('button', { name: 'Turn the camera on' }).click();
  return { context, page };
}

/** Tiles are named as the server shows people in a group: a member by first name and last initial. */
export const shownName = (p: Person, role: 'PSYCHOLOGIST' | 'PATIENT') =>
  role === 'PSYCHOLOGIST' ? `${p.firstName} ${p.lastName}` : `${p.firstName} ${p.lastName.slice(0, 1)}`;
