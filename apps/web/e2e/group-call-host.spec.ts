import { rmSync } from 'node:fs';
import { expect as baseExpect, type Page } from '@playwright/test';
import type { SfuJoin } from '@rozmova/contract';
import { JANUS_DEV_SECRET, startJanus } from '../../server/test/janus';
import { test } from './support/fixtures';
import { freePort, ownDataDir, ownServerEnv, SERVER_ENTRY, startServer, stopServer } from './support/global-setup';
import { groupInSession, openCall, shownName, tileVideoWidth } from './support/group-call';
import { bearer } from './support/sessions';

// Four browsers through a Janus of the test's own: a psychologist hosting three members, end-to-end encrypted.
// Slow (about a minute): four pages encode and decode live video on two cores.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const root = new URL('../../../', import.meta.url).pathname;

/** Everything the page's signalling sockets carried, both ways, as text. */
function recordSockets(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => frames.push(String(f.payload)));
    ws.on('framereceived', (f) => frames.push(String(f.payload)));
  });
  return frames;
}

/**
 * Each page shows a video frame from every other person. All pages are watched at once: on two cores the pages are
 * slow to answer while they decode, and one after another the waits would add up.
 */
const everyoneSees = (people: { page: Page }[], names: string[]) =>
  Promise.all(
    people.flatMap(({ page }, i) =>
      names.filter((_, j) => j !== i).map((other) => expect.poll(() => tileVideoWidth(page, other)).toBeGreaterThan(0)),
    ),
  );

const safetyCode = (page: Page) => page.getByTestId('safety-code').textContent();

/** The energy of all the audio the page has decoded so far: it grows only while someone is heard (opened, not noise). */
const heardEnergy = (page: Page) =>
  page.evaluate(async () => {
    let energy = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; totalAudioEnergy?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') energy += s.totalAudioEnergy ?? 0;
      });
    }
    return energy;
  });

/**
 * Subscribes to every feed of the room straight from Janus, as someone without the call's key would (a member's
 * token, no decryption), and reads every encoded frame it receives: how many, and how many are sealed (an SFrame header
 * after the codec's clear bytes, and room for its tag). Chromium's VP8 decoder turns sealed bytes into noise rather
 * than refusing them, so what arrives is checked before any decoder.
 */
async function keylessSubscriber(page: Page, join: SfuJoin) {
  return page.evaluate(async ({ url, room, token }) => {
    const ws = new WebSocket(url, 'janus-protocol');
    await new Promise((r) => {
      ws.onopen = r;
    });
    const replies = new Map<string, (m: Record<string, unknown>) => void>();
    const events: Record<string, unknown>[] = [];
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.janus === 'ack') return;
      const reply = replies.get(m.transaction);
      if (reply) reply(m);
      else events.push(m);
    };
    const send = (body: Record<string, unknown>) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const transaction = crypto.randomUUID();
        replies.set(transaction, resolve);
        ws.send(JSON.stringify({ ...body, transaction, token }));
      });
    type Data = { plugindata: { data: Record<string, unknown> }; jsep?: RTCSessionDescriptionInit; data: { id: number } };
    const session = ((await send({ janus: 'create' })) as Data).data.id;
    const attach = async () =>
      ((await send({ janus: 'attach', session_id: session, plugin: 'janus.plugin.videoroom' })) as Data).data.id;
    const message = (handle: number, body: Record<string, unknown>, jsep?: RTCSessionDescriptionInit) =>
      send({ janus: 'message', session_id: session, handle_id: handle, body, ...(jsep && { jsep }) }) as Promise<Data>;
    const waitEvent = async (handle: number) => {
      for (let i = 0; i < 100; i++) {
        const found = events.find((e) => e.sender === handle && e.jsep);
        if (found) return found as unknown as Data;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('no offer');
    };
    const publisher = await attach();
    const joined = (await message(publisher, { request: 'join', ptype: 'publisher', room, token, display: 'keyless' })).plugindata
      .data as { private_id: number; publishers: { id: number }[] };
    const subscriber = await attach();
    const streams = joined.publishers.map((p) => ({ feed: p.id }));
    const answer = await message(subscriber, {
      request: 'join',
      ptype: 'subscriber',
      room,
      private_id: joined.private_id,
      streams,
    });
    const offer = answer.jsep ?? (await waitEvent(subscriber)).jsep;
    const counts = { audio: { frames: 0, sealed: 0 }, video: { frames: 0, sealed: 0 } };
    const pc = new RTCPeerConnection({ encodedInsertableStreams: true } as RTCConfiguration);
    pc.ontrack = ({ receiver, track }) => {
      const kind = track.kind as 'audio' | 'video';
      const { readable, writable } = (
        receiver as unknown as { createEncodedStreams: () => { readable: ReadableStream; writable: WritableStream } }
      ).createEncodedStreams();
      const inspect = new TransformStream<{ data: ArrayBuffer; type?: string }>({
        transform(frame, out) {
          const data = new Uint8Array(frame.data);
          const clear = kind === 'audio' ? 1 : frame.type === 'key' ? 10 : 3;
          counts[kind].frames += 1;
          // SFrame's config byte: no extended key id, an 8-byte counter; then the counter and a 16-byte tag at least.
          if ((data[clear] & 0x8f) === 0x0f && data.length >= clear + 9 + 16) counts[kind].sealed += 1;
          out.enqueue(frame);
        },
      });
      void readable.pipeThrough(inspect).pipeTo(writable);
    };
    await pc.setRemoteDescription(offer as RTCSessionDescriptionInit);
    await pc.setLocalDescription(await pc.createAnswer());
    await new Promise<void>((r) => {
      if (pc.iceGatheringState === 'complete') return r();
      pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && r();
    });
    await message(subscriber, { request: 'start' }, pc.localDescription?.toJSON());
    for (let i = 0; i < 60 && (counts.video.frames < 60 || counts.audio.frames < 60); i++) {
      await new Promise((r) => setTimeout(r, 250));
    }
    pc.close();
    ws.close();
    return { feeds: streams.length, ...counts };
  }, join);
}

test('a hosted group call: a waiting room, everyone sees everyone, sealed chat, mute and remove for good, keys no one else holds', async ({
  browser,
  playwright,
}) => {
  const janus = await startJanus();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = ownDataDir('sfu-host');
  const server = await startServer(
    root,
    { ...ownServerEnv(port, dataDir), JANUS_URL: janus.url, JANUS_SECRET: JANUS_DEV_SECRET },
    SERVER_ENTRY,
  );
  const request = await playwright.request.newContext({ baseURL });
  const contexts: { close: () => Promise<void> }[] = [];
  try {
    const { doctor, members, room } = await groupInSession(request, [
      { firstName: 'Iryna', lastName: 'Marchenko' },
      { firstName: 'Petro', lastName: 'Hnatiuk' },
      { firstName: 'Sofiia', lastName: 'Kravets' },
    ]);
    const names = [shownName(doctor, 'PSYCHOLOGIST'), ...members.map((m) => shownName(m, 'PATIENT'))];
    const open = async (i: number) => {
      const call = await openCall(browser, baseURL, i === 0 ? doctor : members[i - 1], room);
      contexts.push(call.context);
      return { page: call.page, frames: recordSockets(call.page) };
    };
    const [host, iryna, petro] = await Promise.all([open(0), open(1), open(2)]);

    // The psychologist opens the call; two members wait and are let in together.
    for (const { page } of [host, iryna, petro]) await page.getByRole('button', { name: 'Join the call' }).click();
    await Promise.all([iryna, petro].map(({ page }) => expect(page.getByText('You are in the waiting room')).toBeVisible()));
    const waiting = host.page.getByRole('region', { name: 'Waiting to be let in (2)' });
    await expect(waiting).toContainText(names[1]);
    await host.page.getByRole('button', { name: 'Let everyone in' }).click();
    await everyoneSees([host, iryna, petro], names.slice(0, 3));

    // A late member waits until let in; then four see each other, and every screen shows one safety code.
    const sofiia = await open(3);
    await sofiia.page.getByRole('button', { name: 'Join the call' }).click();
    await expect(sofiia.page.getByText('You are in the waiting room')).toBeVisible();
    await expect(sofiia.page.getByRole('region', { name: names[0] })).toHaveCount(0);
    await host.page.getByRole('button', { name: `Let ${names[3]} in` }).click();
    const everyone = [host, iryna, petro, sofiia];
    await everyoneSees(everyone, names);
    // Everyone hears the others too (the fake microphones beep), and someone's voice makes them the speaker.
    await Promise.all(
      everyone.map(async ({ page }) => {
        const before = await heardEnergy(page);
        await expect.poll(() => heardEnergy(page)).toBeGreaterThan(before);
      }),
    );
    await expect(host.page.locator('[data-speaking]')).toHaveCount(1);
    await expect(host.page.getByTestId('safety-code')).toHaveText(/^Safety code: \d{3} \d{3} \d{3}$/);
    await expect.poll(async () => new Set(await Promise.all(everyone.map(({ page }) => safetyCode(page)))).size).toBe(1);

    // Chat: everyone reads it; the server only ever relayed it sealed.
    const secret = 'Today we practise the breathing exercise';
    await iryna.page.getByRole('textbox', { name: 'Message' }).fill(secret);
    await iryna.page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await Promise.all(
      [host, petro, sofiia].map(({ page }) => expect(page.getByRole('list', { name: 'Chat messages' })).toContainText(secret)),
    );
    const relayed = everyone.flatMap((p) => p.frames).filter((f) => f.includes('chat-message'));
    expect(relayed.length).toBeGreaterThan(0);
    expect(relayed.every((f) => f.includes('"sealed"') && !f.includes('breathing'))).toBe(true);

    // Someone holding a member's media token but not the call's key receives the feeds and can decode none of them.
    const res = await request.get(`/api/video/group-sessions/${room}/sfu`, { headers: bearer(members[2].token) });
    const keyless = await keylessSubscriber(sofiia.page, (await res.json()) as SfuJoin);
    expect(keyless.feeds).toBe(4);
    for (const kind of ['audio', 'video'] as const) {
      expect(keyless[kind].frames).toBeGreaterThanOrEqual(60);
      expect(keyless[kind].sealed).toBe(keyless[kind].frames);
    }

    // The psychologist asks Iryna to mute: her microphone goes off, and she may turn it on again.
    await host.page.getByRole('button', { name: `Actions for ${names[1]}` }).click();
    await host.page.getByRole('menuitem', { name: 'Ask to mute' }).click();
    await expect(iryna.page.getByText('The psychologist muted your microphone. You can turn it on again.')).toBeVisible();
    await expect(iryna.page.getByRole('button', { name: 'Turn the microphone on' })).toBeVisible();
    await expect(host.page.getByRole('region', { name: names[1] }).getByRole('img', { name: 'Microphone off' })).toBeVisible();

    // Petro is removed: he leaves the call, the others no longer see him, and he cannot come back.
    const before = await safetyCode(host.page);
    await host.page.getByRole('button', { name: `Actions for ${names[2]}` }).click();
    await host.page.getByRole('menuitem', { name: 'Remove from the session' }).click();
    await host.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(petro.page.getByText('The psychologist removed you from this session.')).toBeVisible();
    await Promise.all(
      [host, iryna, sofiia].map(({ page }) => expect(page.getByRole('region', { name: names[2] })).toHaveCount(0)),
    );
    // A new key for those who stay: the code changes, the same on every remaining screen.
    await expect.poll(() => safetyCode(host.page)).not.toBe(before);
    await expect
      .poll(async () => new Set(await Promise.all([host, iryna, sofiia].map(({ page }) => safetyCode(page)))).size)
      .toBe(1);
    await petro.page.reload();
    await petro.page.getByRole('button', { name: 'Join the call' }).click();
    await expect(petro.page.getByText('The psychologist removed you from this session.')).toBeVisible();
    expect((await request.get(`/api/video/group-sessions/${room}/sfu`, { headers: bearer(members[1].token) })).status()).toBe(
      403,
    );

    // The others go on seeing each other.
    await expect.poll(() => tileVideoWidth(iryna.page, names[3])).toBeGreaterThan(0);
  } finally {
    for (const c of contexts) await c.close();
    await request.dispose();
    await stopServer(server);
    await janus.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
