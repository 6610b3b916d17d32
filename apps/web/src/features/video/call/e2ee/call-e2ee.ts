import { E2EE_KEY_IDS, type SealedChat } from '@rozmova/contract';
import { type KeyPair, newKeyPair, openChat, safetyCode, sealChat, unwrapSessionKey, wrapSessionKey } from './key-exchange';
import type { TransformSide, WorkerMessage, WorkerReport } from './worker-protocol';

/** How this browser seals media: the standard encoded transform, Chromium's older encoded streams, or not at all. */
export type E2eeSupport = 'script-transform' | 'encoded-streams' | null;

export function e2eeSupport(): E2eeSupport {
  if (typeof window === 'undefined' || !window.crypto?.subtle || typeof Worker === 'undefined') return null;
  if ('RTCRtpScriptTransform' in window) return 'script-transform';
  if ('createEncodedStreams' in RTCRtpSender.prototype) return 'encoded-streams';
  return null;
}

/** Where the call's keys stand, for the screen: `code` is the safety code to compare aloud (null: no key yet). */
export type E2eeState = { code: string | null; keyId: number | null };

type SessionKeyMessage = { keyId: number; iv: string; wrapped: string; roster: string[] };
type Send = {
  publicKey: (publicKey: string) => void;
  sessionKey: (to: string, message: SessionKeyMessage) => void;
};

/** Session keys kept for opening what is still on its way after a change of key. */
const KEYS_KEPT = 3;
/**
 * A join or leave makes a new key at once (someone arriving waits for it); those that follow within this time make one
 * more key between them.
 */
const REKEY_DELAY_MS = 50;

type EncodedStreams = { readable: ReadableStream; writable: WritableStream };
type WithEncodedStreams = { createEncodedStreams: () => EncodedStreams };

/**
 * The end-to-end encryption of one call through the media server. Every browser seals what it sends and opens what it
 * receives on a worker, with the call's session key. The host (the psychologist's browser) makes the session key,
 * hands it to each participant wrapped for their ephemeral key, and makes a new one whenever someone arrives or
 * leaves, so someone removed cannot open what follows.
 */
export class CallE2ee {
  private pair: KeyPair | null = null;
  private readonly worker: Worker;
  private readonly keys = new Map<number, ArrayBuffer>();
  private current: number | null = null;
  /** Host only: the participants' public keys, by peer id. */
  private readonly peers = new Map<string, string>();
  private rekeyTimer: number | undefined;
  private rekeyAgain = false;
  /** New keys are made one after another, each numbered after the last. */
  private rekeying: Promise<void> = Promise.resolve();
  private handedOver = 0;
  private readonly handed = new Map<RTCRtpReceiver, number>();
  private state: E2eeState = { code: null, keyId: null };
  private readonly listeners = new Set<() => void>();
  /** Frames dropped because they could not be opened, since the call began. */
  dropped = 0;

  constructor(
    private readonly selfId: string,
    private readonly host: boolean,
    private readonly send: Send,
    private readonly support: Exclude<E2eeSupport, null>,
  ) {
    this.worker = new Worker(new URL('./e2ee-worker.ts', import.meta.url), { type: 'module', name: 'e2ee' });
    this.worker.onmessage = (e: MessageEvent<WorkerReport>) => {
      if (e.data.type === 'dropped') this.dropped += e.data.count;
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.state;

  /** Whether RTCPeerConnections of this call must be made with Chromium's encoded-streams option. */
  get needsEncodedStreams() {
    return this.support === 'encoded-streams';
  }

  async start() {
    this.pair = await newKeyPair();
    this.announce();
    if (this.host) await this.queueRekey();
  }

  /** Sends this browser's public key to the room (again when someone arrives, so a host who comes later has it). */
  announce() {
    if (this.pair) this.send.publicKey(this.pair.publicKey);
  }

  /** A participant's public key: the host gives them the key (a new one for everyone). */
  peerKey(peerId: string, publicKey: string) {
    if (!this.host || this.peers.get(peerId) === publicKey) return;
    this.peers.set(peerId, publicKey);
    this.scheduleRekey();
  }

  peerLeft(peerId: string) {
    if (this.host && this.peers.delete(peerId)) this.scheduleRekey();
  }

  /** The host's session key for this browser; ignored unless it lists this browser's own key. */
  async sessionKey(message: SessionKeyMessage) {
    const pair = this.pair;
    const hostKey = message.roster[0];
    if (this.host || !pair || !hostKey || !message.roster.includes(pair.publicKey)) return;
    try {
      const raw = await unwrapSessionKey(pair.privateKey, hostKey, message);
      await this.use(message.keyId, raw, message.roster);
    } catch (err) {
      console.warn('a session key could not be opened', err);
    }
  }

  /** Seals a media sender of this browser before it sends anything. */
  sender(sender: RTCRtpSender, kind: 'audio' | 'video') {
    this.attach(sender, { side: 'send', kind });
  }

  /** Opens what a receiver carries from one peer; called again when the line carries another peer. */
  receiver(receiver: RTCRtpReceiver, kind: 'audio' | 'video', peerId: string) {
    const side: TransformSide = { side: 'receive', kind, peerId };
    const id = this.handed.get(receiver);
    if (id !== undefined) return this.post({ type: 'side', id, side });
    this.attach(receiver, side);
  }

  async sealChat(text: string): Promise<SealedChat | null> {
    const key = this.current === null ? undefined : this.keys.get(this.current);
    return key && this.current !== null ? sealChat(text, key, this.current) : null;
  }

  /** A sealed chat message's text, or null when no key here opens it. */
  async openChat(sealed: SealedChat): Promise<string | null> {
    const key = this.keys.get(sealed.keyId);
    return key ? openChat(sealed, key).catch(() => null) : null;
  }

  stop() {
    window.clearTimeout(this.rekeyTimer);
    this.worker.terminate();
    this.listeners.clear();
  }

  private attach(target: RTCRtpSender | RTCRtpReceiver, side: TransformSide) {
    if (this.support === 'script-transform') {
      target.transform = new RTCRtpScriptTransform(this.worker, side);
      return;
    }
    const { readable, writable } = (target as unknown as WithEncodedStreams).createEncodedStreams();
    const id = ++this.handedOver;
    if (target instanceof RTCRtpReceiver) this.handed.set(target, id);
    this.worker.postMessage({ type: 'streams', id, readable, writable, side } satisfies WorkerMessage, [readable, writable]);
  }

  private scheduleRekey() {
    if (this.rekeyTimer !== undefined) {
      this.rekeyAgain = true;
      return;
    }
    void this.queueRekey();
    this.rekeyTimer = window.setTimeout(() => {
      this.rekeyTimer = undefined;
      if (!this.rekeyAgain) return;
      this.rekeyAgain = false;
      this.scheduleRekey();
    }, REKEY_DELAY_MS);
  }

  private queueRekey(): Promise<void> {
    this.rekeying = this.rekeying.then(() => this.rekey()).catch((err) => console.error('no new key', err));
    return this.rekeying;
  }

  private async rekey() {
    const pair = this.pair;
    if (!pair) return;
    const keyId = this.current === null ? 0 : (this.current + 1) % E2EE_KEY_IDS;
    const raw = crypto.getRandomValues(new Uint8Array(32)).buffer;
    const holders = [...this.peers];
    const roster = [pair.publicKey, ...holders.map(([, key]) => key)];
    await Promise.all(
      holders.map(async ([peerId, publicKey]) => {
        const wrapped = await wrapSessionKey(pair.privateKey, publicKey, raw, keyId, roster);
        this.send.sessionKey(peerId, { keyId, roster, ...wrapped });
      }),
    );
    await this.use(keyId, raw, roster);
  }

  private async use(keyId: number, raw: ArrayBuffer, roster: string[]) {
    this.keys.delete(keyId);
    this.keys.set(keyId, raw);
    this.current = keyId;
    // The newest few stay, for frames and messages sealed just before a change.
    for (const old of this.keys.keys()) if (this.keys.size > KEYS_KEPT) this.keys.delete(old);
    this.post({ type: 'keys', keys: [...this.keys], current: keyId, selfId: this.selfId });
    this.state = { code: await safetyCode(roster), keyId };
    for (const l of this.listeners) l();
  }

  private post(message: WorkerMessage) {
    this.worker.postMessage(message);
  }
}
