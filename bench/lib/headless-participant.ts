// A participant of a Janus VideoRoom without a browser: Node's WebRTC (@roamhq/wrtc, libwebrtc) publishes a moving
// test pattern (three layers) and a tone once, as a browser does, and receives others at their low layer, so a bench
// can fill a room of 16 on two cores where 16 Chromium pages do not fit. Its frames are not sealed (Node has no
// encoded transforms): the room forwards them all the same; what a browser spends sealing is measured apart.

import { randomBytes } from 'node:crypto';
import wrtc from '@roamhq/wrtc';
import WebSocket from 'ws';

const { RTCPeerConnection, nonstandard } = wrtc;

type Reply = {
  janus: string;
  transaction?: string;
  sender?: number;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { data: Record<string, unknown> };
  jsep?: { type: 'offer' | 'answer'; sdp: string };
};

const WIDTH = 320;
const HEIGHT = 240;
const FPS = 15;

/** The same three layers a browser sends (sfu-media.ts), at the small camera the benches use. */
const SIMULCAST = [
  { rid: 'h', active: true, maxBitrate: 900_000 },
  { rid: 'm', active: true, maxBitrate: 300_000, scaleResolutionDownBy: 2 },
  { rid: 'l', active: true, maxBitrate: 100_000, scaleResolutionDownBy: 4 },
];

/** One Janus session over its WebSocket API, every request with the browser's token, as janus-session.ts does it. */
async function janusSession(url: string, token: string) {
  const ws = new WebSocket(url, 'janus-protocol');
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const waiting = new Map<string, (r: Reply) => void>();
  ws.on('message', (raw) => {
    const reply = JSON.parse(raw.toString()) as Reply;
    const w = reply.transaction ? waiting.get(reply.transaction) : undefined;
    if (!w || reply.janus === 'ack') return;
    waiting.delete(reply.transaction as string);
    w(reply);
  });
  const send = (message: Record<string, unknown>) =>
    new Promise<Reply>((resolve, reject) => {
      const transaction = randomBytes(6).toString('hex');
      waiting.set(transaction, (r) => (r.janus === 'error' ? reject(new Error(r.error?.reason)) : resolve(r)));
      ws.send(JSON.stringify({ ...message, transaction, token }));
    });
  const session = (await send({ janus: 'create' })).data?.id;
  const keepalive = setInterval(() => ws.send(JSON.stringify({ janus: 'keepalive', session_id: session, token })), 25_000);
  return {
    /** A VideoRoom handle of the session. */
    async attach() {
      const handle = (await send({ janus: 'attach', session_id: session, plugin: 'janus.plugin.videoroom' })).data?.id;
      return {
        /** A request and its answer (for a subscriber's join, the event that carries Janus's offer). */
        async request(body: Record<string, unknown>, jsep?: Record<string, unknown>) {
          const reply = await send({ janus: 'message', session_id: session, handle_id: handle, body, ...(jsep && { jsep }) });
          const data = reply.plugindata?.data ?? {};
          if (typeof data.error_code === 'number') throw new Error(String(data.error));
          return { data, jsep: reply.jsep };
        },
        trickle(candidate: unknown) {
          ws.send(JSON.stringify({ janus: 'trickle', session_id: session, handle_id: handle, candidate, token }));
        },
      };
    },
    close() {
      clearInterval(keepalive);
      ws.close();
    },
  };
}

/** A frame of the pattern: a bar that moves, so the encoder has work as a camera's would give it. */
function patternFrame(n: number) {
  const data = new Uint8Array(WIDTH * HEIGHT * 1.5);
  data.fill(128, WIDTH * HEIGHT);
  const bar = (n * 4) % WIDTH;
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * WIDTH;
    for (let x = 0; x < WIDTH; x++) data[row + x] = Math.abs(x - bar) < 12 ? 235 : (x ^ y) & 0x3f;
  }
  return { width: WIDTH, height: HEIGHT, data };
}

/** The pattern's frames, made once: every participant sends the same moving bar. */
const PATTERN = Array.from({ length: 80 }, (_, n) => patternFrame(n));

async function connected(pc: InstanceType<typeof RTCPeerConnection>, who: string) {
  for (const start = Date.now(); pc.connectionState !== 'connected'; ) {
    if (Date.now() - start > 20_000) throw new Error(`${who} did not connect to Janus`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Bytes over a connection so far: sent, received. */
async function traffic(pc: InstanceType<typeof RTCPeerConnection>) {
  let sent = 0;
  let received = 0;
  (await pc.getStats()).forEach((s: { type: string; bytesSent?: number; bytesReceived?: number }) => {
    if (s.type === 'outbound-rtp') sent += s.bytesSent ?? 0;
    if (s.type === 'inbound-rtp') received += s.bytesReceived ?? 0;
  });
  return { sent, received };
}

export type HeadlessParticipant = {
  /** Its feed's id in the room. */
  feed: number;
  /** Receives these feeds on one connection, each camera at its low layer (as a browser's small tiles are). */
  subscribe: (feeds: number[]) => Promise<void>;
  traffic: () => Promise<{ sent: number; received: number }>;
  stop: () => void;
};

/**
 * Joins `room` as `display` with a join token and feed id from the API server and publishes the pattern (three layers)
 * and the tone until stopped.
 */
export async function joinHeadless(
  join: { url: string; room: number; token: string; feed: number },
  display: string,
): Promise<HeadlessParticipant> {
  const { url, room, token, feed } = join;
  const janus = await janusSession(url, token);
  const publisher = await janus.attach();
  const { data: joined } = await publisher.request({ request: 'join', ptype: 'publisher', room, token, id: feed, display });

  const video = new nonstandard.RTCVideoSource();
  const audio = new nonstandard.RTCAudioSource();
  const pc = new RTCPeerConnection({ iceServers: [] });
  pc.onicecandidate = ({ candidate }: { candidate: RTCIceCandidate | null }) =>
    publisher.trickle(candidate ? candidate.toJSON() : { completed: true });
  pc.addTransceiver(audio.createTrack(), { direction: 'sendonly' });
  pc.addTransceiver(video.createTrack(), { direction: 'sendonly', sendEncodings: SIMULCAST });

  let n = 0;
  const frames = setInterval(() => video.onFrame(PATTERN[n++ % PATTERN.length]), 1000 / FPS);
  let phase = 0;
  const tone = setInterval(() => {
    const samples = new Int16Array(480);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.sin((phase++ * 2 * Math.PI * 440) / 48_000) * 3000;
    audio.onData({ samples, sampleRate: 48_000, bitsPerSample: 16, channelCount: 1, numberOfFrames: samples.length });
  }, 10);

  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  const { jsep } = await publisher.request({ request: 'publish' }, { type: offer.type, sdp: offer.sdp, e2ee: true });
  if (!jsep) throw new Error('Janus answered the publish without an SDP');
  await pc.setRemoteDescription(jsep);
  // A feed can be subscribed to once its media is up.
  await connected(pc, display);

  let sub: InstanceType<typeof RTCPeerConnection> | null = null;
  return {
    feed: Number(joined.id),
    async subscribe(feeds) {
      const handle = await janus.attach();
      const body = {
        request: 'join',
        ptype: 'subscriber',
        room,
        private_id: joined.private_id,
        streams: feeds.map((feed) => ({ feed })),
      };
      const { data, jsep: offer } = await handle.request(body);
      if (!offer) throw new Error('Janus offered no subscription');
      sub = new RTCPeerConnection({ iceServers: [] });
      const receiving = sub;
      receiving.onicecandidate = ({ candidate }: { candidate: RTCIceCandidate | null }) =>
        handle.trickle(candidate ? candidate.toJSON() : { completed: true });
      await receiving.setRemoteDescription(offer);
      const answer = await receiving.createAnswer();
      await receiving.setLocalDescription(answer);
      await handle.request({ request: 'start' }, { type: answer.type, sdp: answer.sdp });
      await connected(receiving, display);
      const cameras = ((data.streams ?? []) as { mid: string; type: string }[]).filter((s) => s.type === 'video');
      await handle.request({ request: 'configure', streams: cameras.map((s) => ({ mid: s.mid, substream: 0 })) });
    },
    async traffic() {
      const out = await traffic(pc);
      const into = sub ? await traffic(sub) : { received: 0 };
      return { sent: out.sent, received: into.received };
    },
    stop() {
      clearInterval(frames);
      clearInterval(tone);
      pc.close();
      sub?.close();
      janus.close();
    },
  };
}
