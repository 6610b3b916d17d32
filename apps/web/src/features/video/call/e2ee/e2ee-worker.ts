import { clearBytes, deriveSenderKey, keyIdOf, openFrame, type SenderKey, sealFrame } from './frame-crypto';
import type { TransformSide, WorkerMessage, WorkerReport } from './worker-protocol';

// Seals what this browser sends and opens what it receives, off the page's thread. Frames that cannot be sealed (no
// key yet) are dropped, never sent in clear; frames that cannot be opened are dropped and counted.

type EncodedFrame = { data: ArrayBuffer; type?: string };

type TransformerLike = {
  readable: ReadableStream;
  writable: WritableStream;
  options: TransformSide;
  /** A sender's: encode a key frame now. */
  generateKeyFrame?: () => Promise<unknown>;
  /** A receiver's: ask the sender for a key frame. */
  sendKeyFrameRequest?: () => Promise<unknown>;
};
/** The worker's global scope, as far as this file uses it (the project's types are the page's). */
const scope = self as unknown as {
  onrtctransform: ((event: { transformer: TransformerLike }) => void) | null;
  onmessage: ((event: MessageEvent<WorkerMessage>) => void) | null;
  postMessage: (message: WorkerReport) => void;
};

let keys = new Map<number, ArrayBuffer>();
let current: number | null = null;
let selfId = '';
const derived = new Map<string, Promise<SenderKey>>();
/** One counter for everything this browser seals in the call, whatever the track or key: nonces never repeat. */
let counter = 0n;
let dropped = 0;

function senderKey(keyId: number, peerId: string): Promise<SenderKey> | null {
  const raw = keys.get(keyId);
  if (!raw) return null;
  const name = `${keyId}:${peerId}`;
  let key = derived.get(name);
  if (!key) {
    key = deriveSenderKey(raw, peerId);
    derived.set(name, key);
  }
  return key;
}

/** Receivers handed over as streams, by id: the peer they carry can change (Janus reuses a line for another feed). */
const handed = new Map<number, TransformSide>();

function transformer(sideOf: () => TransformSide): TransformStream<EncodedFrame, EncodedFrame> {
  return new TransformStream({
    async transform(frame, out) {
      const side = sideOf();
      const clear = clearBytes(side.kind, frame.type === 'key');
      const data = new Uint8Array(frame.data);
      try {
        if (side.side === 'send') {
          const keyId = current;
          const key = keyId === null ? null : senderKey(keyId, selfId);
          if (keyId === null || !key || data.length === 0) return;
          counter += 1n;
          frame.data = (await sealFrame(data, clear, keyId, counter, await key)).buffer;
        } else {
          const keyId = keyIdOf(data, clear);
          const key = keyId === null ? null : senderKey(keyId, side.peerId);
          if (!key) throw new Error('No key for this frame');
          frame.data = (await openFrame(data, clear, await key)).buffer;
        }
        out.enqueue(frame);
      } catch {
        dropped += 1;
      }
    },
  });
}

function pipe(readable: ReadableStream, writable: WritableStream, sideOf: () => TransformSide) {
  readable
    .pipeThrough(transformer(sideOf))
    .pipeTo(writable)
    .catch(() => undefined);
}

/** The video transforms of RTCRtpScriptTransform, which can ask for key frames when the key changes. */
const video = new Set<TransformerLike>();

scope.onrtctransform = (event) => {
  const transformer = event.transformer;
  const { readable, writable, options } = transformer;
  if (options.kind === 'video') video.add(transformer);
  pipe(readable, writable, () => options);
};

/**
 * After a change of key, video would wait for the next key frame sealed with it (Janus asks for one every few
 * seconds): senders make one now, and receivers ask for one, so a newcomer sees the others at once.
 */
function freshKeyFrames() {
  for (const t of video) {
    const ask = t.options.side === 'send' ? t.generateKeyFrame : t.sendKeyFrameRequest;
    ask?.call(t).catch(() => video.delete(t));
  }
}

scope.onmessage = (event: MessageEvent<WorkerMessage>) => {
  const m = event.data;
  if (m.type === 'keys') {
    keys = new Map(m.keys);
    current = m.current;
    selfId = m.selfId;
    // A key id comes back with another key after eight turns: keys are derived afresh (one HKDF a peer).
    derived.clear();
    freshKeyFrames();
  } else if (m.type === 'streams') {
    handed.set(m.id, m.side);
    pipe(m.readable, m.writable, () => handed.get(m.id) ?? m.side);
  } else {
    handed.set(m.id, m.side);
  }
};

setInterval(() => {
  if (dropped === 0) return;
  scope.postMessage({ type: 'dropped', count: dropped });
  dropped = 0;
}, 2000);
