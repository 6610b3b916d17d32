import { rmSync } from 'node:fs';
import { expect as baseExpect } from '@playwright/test';
import type { SfuJoin } from '@rozmova/contract';
import { JANUS_DEV_SECRET, startJanus } from '../../server/test/janus';
import { test } from './support/fixtures';
import { freePort, ownDataDir, ownServerEnv, SERVER_ENTRY, startServer, stopServer } from './support/global-setup';
import { connectionCount, framesDecoded, groupInSession, openCall, shownName, tileVideoWidth } from './support/group-call';
import { bearer } from './support/sessions';
import { createOnboardedUser } from './support/users';

// A Janus and a server of the test's own, three browsers sending and receiving live video through it.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const root = new URL('../../../', import.meta.url).pathname;

test('a group call through Janus: the psychologist and two members see each other; no token, no room', async ({
  browser,
  playwright,
}) => {
  let janus = await startJanus();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = ownDataDir('sfu');
  const server = await startServer(
    root,
    { ...ownServerEnv(port, dataDir), JANUS_URL: janus.url, JANUS_SECRET: JANUS_DEV_SECRET },
    SERVER_ENTRY,
  );
  const request = await playwright.request.newContext({ baseURL });
  const contexts: { close: () => Promise<void> }[] = [];
  try {
    const { doctor, members, room } = await groupInSession(request);
    const people = [
      { person: doctor, name: shownName(doctor, 'PSYCHOLOGIST') },
      ...members.map((m) => ({ person: m, name: shownName(m, 'PATIENT') })),
    ];
    const calls = [];
    for (const { person } of people) {
      const call = await openCall(browser, baseURL, person, room);
      contexts.push(call.context);
      calls.push(call.page);
    }
    // Members wait until the psychologist lets them in.
    for (const page of calls) await page.getByRole('button', { name: 'Join the call' }).click();
    for (const page of calls.slice(1)) await expect(page.getByText('You are in the waiting room')).toBeVisible();
    await calls[0].getByRole('button', { name: `Let ${people[1].name} in` }).click();
    // The last one in: how long from being let in to the first frame of someone else.
    const last = calls[2];
    const joinedAt = Date.now();
    await calls[0].getByRole('button', { name: `Let ${people[2].name} in` }).click();
    await expect
      .poll(async () => Math.max(...(await Promise.all(people.slice(0, 2).map((p) => tileVideoWidth(last, p.name))))), {
        intervals: [50],
      })
      .toBeGreaterThan(0);
    console.log(`join to first remote frame through Janus: ${Date.now() - joinedAt} ms`);

    // Everyone sees everyone else, by the names the server gives, and frames keep coming.
    for (const [i, page] of calls.entries()) {
      for (const other of people.filter((_, j) => j !== i)) {
        await expect(page.getByRole('region', { name: other.name })).toBeVisible();
        await expect.poll(() => tileVideoWidth(page, other.name)).toBeGreaterThan(0);
      }
      const start = await framesDecoded(page);
      await expect.poll(() => framesDecoded(page), { intervals: [250] }).toBeGreaterThan(start + 20);
    }
    // Media goes through Janus: each browser has one connection up and one down, not one per peer.
    expect(await connectionCount(calls[0])).toBe(2);

    // Someone who is no member gets no token; a browser without a valid one opens no Janus session and joins no room.
    const stranger = await createOnboardedUser(request, 'PATIENT');
    expect((await request.get(`/api/video/group-sessions/${room}/sfu`, { headers: bearer(stranger.token) })).status()).toBe(404);
    const res = await request.get(`/api/video/group-sessions/${room}/sfu`, { headers: bearer(members[0].token) });
    const join = (await res.json()) as SfuJoin;
    const refusals = await calls[1].evaluate(async ({ url, room, token }) => {
      const ws = new WebSocket(url, 'janus-protocol');
      await new Promise((r) => {
        ws.onopen = r;
      });
      const replies = new Map<string, (m: Record<string, unknown>) => void>();
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.janus !== 'ack') replies.get(m.transaction)?.(m);
      };
      const send = (body: Record<string, unknown>) =>
        new Promise<Record<string, unknown>>((resolve) => {
          const transaction = crypto.randomUUID();
          replies.set(transaction, resolve);
          ws.send(JSON.stringify({ ...body, transaction }));
        });
      const anonymous = (await send({ janus: 'create' })) as { error?: { code: number } };
      const forged = (await send({ janus: 'create', token: `${token.split(':')[0]}:AAAA` })) as { error?: { code: number } };
      const session = (await send({ janus: 'create', token })) as { data: { id: number } };
      const handle = (await send({
        janus: 'attach',
        session_id: session.data.id,
        plugin: 'janus.plugin.videoroom',
        token,
      })) as { data: { id: number } };
      const joined = (await send({
        janus: 'message',
        session_id: session.data.id,
        handle_id: handle.data.id,
        token,
        body: { request: 'join', ptype: 'publisher', room, token: 'not-a-token-of-this-room' },
      })) as { plugindata: { data: { error_code?: number } } };
      ws.close();
      return [anonymous.error?.code, forged.error?.code, joined.plugindata.data.error_code];
    }, join);
    expect(refusals).toEqual([403, 403, 433]);

    // Janus restarts (its rooms gone with it): every browser joins again by itself, with a fresh token, and the room is
    // made again; video flows on the new connections.
    const made = await Promise.all(calls.map(connectionCount));
    await janus.stop();
    janus = await startJanus(Number(new URL(janus.url).port));
    for (const [i, page] of calls.entries()) {
      await expect.poll(() => framesDecoded(page, made[i]), { timeout: 30_000 }).toBeGreaterThan(20);
    }
  } finally {
    for (const c of contexts) await c.close();
    await request.dispose();
    await stopServer(server);
    await janus.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
