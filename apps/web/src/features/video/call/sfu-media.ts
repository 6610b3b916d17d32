import type { IceServer, SfuJoin } from '@rozmova/contract';
import type { CallE2ee } from './e2ee/call-e2ee';
import { type JanusHandle, JanusSession, type PluginEvent } from './janus-session';
import { type LinkState, SLOTS, type Slot } from './peer-link';

export type PeerTracks = Partial<Record<Slot, MediaStreamTrack>>;

type Options = {
  /** A fresh join (address, room, token) from the API server, asked for on every (re)connection. */
  join: () => Promise<SfuJoin>;
  /** A session the caller opened already with the first join's token (null: open one here). */
  opened?: () => Promise<JanusSession> | null;
  /** How this browser is named in the Janus room: its peer id in the call room, so the others know whose feed it is. */
  selfId: string;
  /** Whose these feeds are, by the API server (each account's newest feed only): feed id → user id. */
  owners: (feeds: number[]) => Promise<Map<number, number>>;
  /** The account of a peer of the call room, once signalling has told of them. */
  userOf: (peerId: string) => number | undefined;
  iceServers: IceServer[];
  localTrack: (slot: Slot) => MediaStreamTrack | null;
  /** A peer's received tracks, by their peer id; empty when their feed went. */
  onTracks: (peerId: string, tracks: PeerTracks) => void;
  onState: (state: LinkState) => void;
  /** Who speaks now (the loudest voice heard lately), or null in silence. */
  onSpeaker: (peerId: string | null) => void;
  /** Seals every frame sent and opens every frame received: Janus forwards what it cannot decode. */
  e2ee: CallE2ee;
};

const kindOf = (slot: Slot) => (slot === 'audio' ? 'audio' : 'video');

/** How often voices are measured, how loud (RFC 6464 level, 0–1) counts as speaking, and how long a speaker holds. */
const SPEAKER_POLL_MS = 400;
const SPEAKING_LEVEL = 0.05;
const SPEAKER_HOLD_MS = 1500;
/** Simulcast layers Janus forwards a line (its substream): the speaker's tile large, others small, a phone's smallest. */
const LAYER = { high: 2, medium: 1, low: 0 } as const;

/** Three layers of the camera, as Janus's own client sends them: the server forwards each subscriber the one it can take. */
const SIMULCAST: RTCRtpEncodingParameters[] = [
  { rid: 'h', active: true, maxBitrate: 900_000 },
  { rid: 'm', active: true, maxBitrate: 300_000, scaleResolutionDownBy: 2 },
  { rid: 'l', active: true, maxBitrate: 100_000, scaleResolutionDownBy: 4 },
];
/** How long the media server may stay away before the call says it failed (as a peer link does), and retry pauses. */
const GIVE_UP_MS = 20_000;
const RETRY_MS = [500, 1000, 2000, 4000];

type Feed = { id: number; display?: string };
type Stream = { mid?: string; feed_id?: number; feed_display?: string; feed_description?: string; active?: boolean };

/**
 * A group call's media through Janus's VideoRoom: this browser publishes its microphone, camera (simulcast) and screen
 * lines once, and receives every other publisher on one subscriber connection (Janus 1.x multistream), renegotiated
 * as publishers come and go. A lost media server, or a connection that fails, is rejoined with a fresh token.
 */
export class SfuMedia {
  private session: JanusSession | null = null;
  private publisher: RTCPeerConnection | null = null;
  private subscriber: RTCPeerConnection | null = null;
  private subHandle: JanusHandle | null = null;
  /** Whether the subscriber handle has joined the room (its first feeds); later feeds are added to it. */
  private subJoined = false;
  private join: SfuJoin | null = null;
  private privateId = 0;
  /** Feeds by id: whose (peer id) and in which order they appeared, so a peer's newest feed wins over one it left behind. */
  private feeds = new Map<number, { peerId: string; seen: number }>();
  /**
   * Feeds announced but not yet received: each is received once the API server names its owner and that owner is the
   * account of the peer the feed is named after (a participant cannot publish as another). Owners asked for once;
   * ids refused, or seen leaving, are never received (a feed's owner rejoins under a new id).
   */
  private pending = new Map<number, string>();
  private readonly owner = new Map<number, number>();
  private readonly refused = new Set<number>();
  private asking = false;
  private seen = 0;
  private mids = new Map<string, { peerId: string; slot: Slot; feed: number }>();
  private tracks = new Map<string, PeerTracks>();
  /** Whose media each receiving line is opened as now. */
  private opened = new WeakMap<RTCRtpReceiver, string>();
  private speaker: { peerId: string; since: number } | null = null;
  private speakerTimer: number | undefined;
  /** The layer asked of Janus for each camera line, by mid. */
  private layers = new Map<string, number>();
  /** Set by the screen: a phone takes the low layer for everyone. */
  private small = false;
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  private retries = 0;
  private retryTimer: number | undefined;
  private giveUpTimer: number | undefined;
  /** Grows with every teardown: work of an earlier connection that finishes later is dropped. */
  private generation = 0;

  constructor(private readonly opts: Options) {}

  start() {
    this.stopped = false;
    this.opts.onState('connecting');
    this.armGiveUp();
    this.attempt();
  }

  /** What this browser receives from a peer so far. */
  tracksOf = (peerId: string): PeerTracks => this.tracks.get(peerId) ?? {};

  /** Puts a local track (or nothing) on its published line without renegotiating. */
  setTrack(slot: Slot, track: MediaStreamTrack | null) {
    const sender = this.publisher?.getTransceivers()[SLOTS.indexOf(slot)]?.sender;
    if (sender && sender.track !== track) sender.replaceTrack(track).catch((err) => console.error(err));
  }

  /** Starts afresh now (after a failure the user wants to retry). */
  restart() {
    this.teardown();
    this.retries = 0;
    this.start();
  }

  /** Whether the screen is a phone's: its tiles need the low layer only. */
  setSmallScreen(small: boolean) {
    if (this.small === small) return;
    this.small = small;
    this.chooseLayers();
  }

  stop() {
    this.stopped = true;
    window.clearTimeout(this.giveUpTimer);
    this.teardown();
  }

  private attempt() {
    const generation = this.generation;
    this.connect(generation).catch(() => {
      if (generation === this.generation) this.lost();
    });
  }

  private async connect(generation: number) {
    const join = await this.opts.join();
    if (generation !== this.generation) return;
    const early = this.opts.opened?.();
    const session = (early && (await early.catch(() => null))) || (await JanusSession.open(join.url, join.token));
    if (generation !== this.generation) return session.close();
    this.join = join;
    this.session = session;
    // The feeds already in the room are received without asking whose they are.
    for (const { feed, userId } of join.owners) this.owner.set(feed, userId);
    session.onLost = () => {
      if (generation === this.generation) this.lost();
    };
    // Both handles at once: the subscriber's is ready when the first feed is.
    const [handle, subHandle] = await Promise.all([
      session.attach((e) => this.publisherEvent(e)),
      session.attach((e) => this.negotiate(() => this.answer(e))),
    ]);
    if (generation !== this.generation) return;
    this.subHandle = subHandle;
    const joined = await handle.request({
      request: 'join',
      ptype: 'publisher',
      room: join.room,
      token: join.token,
      id: join.feed,
      display: this.opts.selfId,
    });
    this.privateId = Number(joined.data.private_id);
    // Receiving the others does not wait for this browser's own media to be up.
    this.addFeeds(joined.data.publishers);
    await this.publish(handle);
  }

  private async publish(handle: JanusHandle) {
    const pc = this.newConnection(handle);
    this.publisher = pc;
    const lines = SLOTS.map((slot) => {
      const line = pc.addTransceiver(this.opts.localTrack(slot) ?? kindOf(slot), {
        direction: 'sendonly',
        ...(slot === 'camera' && { sendEncodings: SIMULCAST }),
      });
      // Sealed before the first frame leaves.
      this.opts.e2ee.sender(line.sender, kindOf(slot));
      return line;
    });
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    // Each line named by its slot, which subscribers read back as feed_description.
    const descriptions = lines.map((t, i) => ({ mid: t.mid, description: SLOTS[i] }));
    // e2ee: Janus then never inspects the payloads (the room requires it of everyone).
    const { jsep } = await handle.request({ request: 'publish', descriptions }, { ...offer, e2ee: true });
    if (jsep) await pc.setRemoteDescription(jsep);
  }

  private newConnection(handle: JanusHandle): RTCPeerConnection {
    const config: RTCConfiguration & { encodedInsertableStreams?: boolean } = { iceServers: this.opts.iceServers };
    // Chromium before RTCRtpScriptTransform gives a line's encoded frames only to a connection made for it.
    if (this.opts.e2ee.needsEncodedStreams) config.encodedInsertableStreams = true;
    const pc = new RTCPeerConnection(config);
    pc.onicecandidate = ({ candidate }) => handle.trickle(candidate);
    const generation = this.generation;
    pc.onconnectionstatechange = () => {
      if (generation !== this.generation) return;
      if (pc.connectionState === 'failed') this.lost();
      if (pc === this.publisher && pc.connectionState === 'connected') this.connected();
    };
    return pc;
  }

  private publisherEvent({ data }: PluginEvent) {
    if (Array.isArray(data.publishers)) this.addFeeds(data.publishers);
    const gone = typeof data.unpublished === 'number' ? data.unpublished : data.leaving;
    if (typeof gone === 'number') this.dropFeed(gone);
    // The room's time is over (or it was canceled): rejoining finds out which.
    if (data.videoroom === 'destroyed') this.lost();
  }

  private addFeeds(list: unknown) {
    for (const f of (Array.isArray(list) ? list : []) as Feed[]) {
      if (!this.feeds.has(f.id) && !this.refused.has(f.id)) this.pending.set(f.id, f.display ?? '');
    }
    void this.verify();
  }

  /** A peer became known here: a feed that waited for them may be received now. */
  peersChanged() {
    this.receivePending();
  }

  /** Asks the API server whose the pending feeds are, then receives those that are their peer's. */
  private async verify() {
    const ask = [...this.pending.keys()].filter((id) => !this.owner.has(id));
    if (ask.length === 0 || this.asking) return this.receivePending();
    const generation = this.generation;
    this.asking = true;
    try {
      const owners = await this.opts.owners(ask);
      for (const id of ask) {
        const user = owners.get(id);
        if (user === undefined) this.refuse(id);
        else this.owner.set(id, user);
      }
    } catch {
      // Asked again with the next feed, or when this browser rejoins; meanwhile those feeds are not received.
      return;
    } finally {
      this.asking = false;
    }
    if (generation !== this.generation) return;
    void this.verify();
  }

  private receivePending() {
    const fresh: number[] = [];
    for (const [id, peerId] of this.pending) {
      const owner = this.owner.get(id);
      const user = this.opts.userOf(peerId);
      if (owner === undefined || user === undefined) continue;
      if (owner !== user) {
        this.refuse(id);
        continue;
      }
      this.pending.delete(id);
      this.feeds.set(id, { peerId, seen: ++this.seen });
      fresh.push(id);
    }
    if (fresh.length > 0) this.negotiate(() => this.subscribe(fresh));
  }

  private refuse(id: number) {
    this.pending.delete(id);
    this.refused.add(id);
  }

  /** A feed that left: Janus renegotiates the subscription without it (autoupdate), and the tracks follow. */
  private dropFeed(id: number) {
    this.refuse(id);
    this.feeds.delete(id);
  }

  private async subscribe(feeds: number[]) {
    const streams = feeds.map((feed) => ({ feed }));
    const handle = this.subHandle;
    if (!handle || !this.join) return;
    if (this.subJoined) return this.answer(await handle.request({ request: 'subscribe', streams }));
    this.subJoined = true;
    const body = { request: 'join', ptype: 'subscriber', room: this.join.room, private_id: this.privateId, streams };
    await this.answer(await handle.request(body));
  }

  /** Subscriber updates one after another: Janus's offer, this browser's answer. */
  private negotiate(step: () => Promise<void>) {
    const generation = this.generation;
    this.queue = this.queue
      .then(() => (generation === this.generation ? step() : undefined))
      .catch(() => {
        if (generation === this.generation) this.lost();
      });
  }

  private async answer({ data, jsep }: PluginEvent) {
    if (Array.isArray(data.streams)) this.mapStreams(data.streams as Stream[]);
    if (!jsep || !this.subHandle) return;
    if (!this.subscriber) {
      this.subscriber = this.newConnection(this.subHandle);
      this.speakerTimer = window.setInterval(() => this.measureVoices(), SPEAKER_POLL_MS);
    }
    const pc = this.subscriber;
    await pc.setRemoteDescription(jsep);
    this.openLines(pc);
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    await this.subHandle.request({ request: 'start' }, answer);
    this.emitTracks();
  }

  /** Each receiving line opened as the peer it now carries, before its first frame arrives. */
  private openLines(pc: RTCPeerConnection) {
    for (const t of pc.getTransceivers()) {
      const line = t.mid ? this.mids.get(t.mid) : undefined;
      if (!line || this.opened.get(t.receiver) === line.peerId) continue;
      this.opened.set(t.receiver, line.peerId);
      this.opts.e2ee.receiver(t.receiver, kindOf(line.slot), line.peerId);
    }
  }

  private mapStreams(streams: Stream[]) {
    this.mids.clear();
    // A line may now carry another feed, whose layer Janus chose afresh.
    this.layers.clear();
    for (const s of streams) {
      const slot = SLOTS.find((x) => x === s.feed_description);
      const peerId = s.feed_display ?? (s.feed_id === undefined ? undefined : this.feeds.get(s.feed_id)?.peerId);
      if (s.mid && slot && peerId && s.feed_id !== undefined && s.active !== false) {
        this.mids.set(s.mid, { peerId, slot, feed: s.feed_id });
      }
    }
  }

  /**
   * Every peer's tracks as the subscriber connection now carries them, from each peer's newest feed: one that rejoined
   * before Janus noticed its old connection was gone has two for a while.
   */
  /** The loudest voice above speaking level becomes the speaker, and holds it a moment so tiles do not flicker. */
  private measureVoices() {
    let loudest: { peerId: string; level: number } | null = null;
    for (const t of this.subscriber?.getTransceivers() ?? []) {
      const line = t.mid ? this.mids.get(t.mid) : undefined;
      if (line?.slot !== 'audio') continue;
      const level = t.receiver.getSynchronizationSources()[0]?.audioLevel ?? 0;
      if (level >= SPEAKING_LEVEL && (!loudest || level > loudest.level)) loudest = { peerId: line.peerId, level };
    }
    const now = Date.now();
    const current = this.speaker;
    if (loudest && loudest.peerId !== current?.peerId && (!current || now - current.since > SPEAKER_HOLD_MS)) {
      this.speaker = { peerId: loudest.peerId, since: now };
    } else if (loudest && current && loudest.peerId === current.peerId) {
      current.since = now;
    } else if (!loudest && current && now - current.since > SPEAKER_HOLD_MS) {
      this.speaker = null;
    } else {
      return;
    }
    if (this.speaker?.peerId === current?.peerId) return;
    this.opts.onSpeaker(this.speaker?.peerId ?? null);
    this.chooseLayers();
  }

  /** Asks Janus for each camera line's layer: high for the speaker (or the only other), then medium, low on a phone. */
  private chooseLayers() {
    const handle = this.subHandle;
    if (!handle) return;
    const cameras = [...this.mids].filter(([, line]) => line.slot === 'camera');
    const streams: { mid: string; substream: number }[] = [];
    for (const [mid, line] of cameras) {
      const main = line.peerId === this.speaker?.peerId || cameras.length === 1;
      const layer = this.small
        ? main
          ? LAYER.medium
          : LAYER.low
        : main
          ? LAYER.high
          : cameras.length > 4
            ? LAYER.low
            : LAYER.medium;
      if (this.layers.get(mid) === layer) continue;
      this.layers.set(mid, layer);
      streams.push({ mid, substream: layer });
    }
    if (streams.length > 0) void handle.request({ request: 'configure', streams }).catch(() => undefined);
  }

  private emitTracks() {
    const newest = new Map<string, number>();
    for (const line of this.mids.values()) {
      const seen = this.feeds.get(line.feed)?.seen ?? 0;
      if (seen >= (newest.get(line.peerId) ?? 0)) newest.set(line.peerId, seen);
    }
    const next = new Map<string, PeerTracks>();
    for (const t of this.subscriber?.getTransceivers() ?? []) {
      const line = t.mid ? this.mids.get(t.mid) : undefined;
      if (!line || (this.feeds.get(line.feed)?.seen ?? 0) !== newest.get(line.peerId)) continue;
      next.set(line.peerId, { ...next.get(line.peerId), [line.slot]: t.receiver.track });
    }
    for (const peerId of this.tracks.keys()) if (!next.has(peerId)) this.opts.onTracks(peerId, {});
    this.tracks = next;
    for (const [peerId, tracks] of next) this.opts.onTracks(peerId, tracks);
    this.chooseLayers();
  }

  private connected() {
    this.retries = 0;
    window.clearTimeout(this.giveUpTimer);
    this.giveUpTimer = undefined;
    this.opts.onState('connected');
  }

  private armGiveUp() {
    if (this.giveUpTimer !== undefined) return;
    this.giveUpTimer = window.setTimeout(() => {
      this.giveUpTimer = undefined;
      if (this.stopped || this.publisher?.connectionState === 'connected') return;
      window.clearTimeout(this.retryTimer);
      this.teardown();
      this.opts.onState('failed');
    }, GIVE_UP_MS);
  }

  /** The media server or a connection to it went: the tiles wait while this browser joins again. */
  private lost() {
    if (this.stopped || this.retryTimer !== undefined) return;
    this.teardown();
    this.opts.onState('reconnecting');
    this.armGiveUp();
    const delay = RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)];
    this.retryTimer = window.setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.stopped && this.giveUpTimer !== undefined) this.attempt();
    }, delay);
  }

  private teardown() {
    this.generation++;
    window.clearInterval(this.speakerTimer);
    this.speakerTimer = undefined;
    this.layers.clear();
    window.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.session?.close();
    this.publisher?.close();
    this.subscriber?.close();
    this.session = this.publisher = this.subscriber = this.subHandle = null;
    this.subJoined = false;
    this.join = null;
    this.feeds.clear();
    this.pending.clear();
    this.seen = 0;
    this.mids.clear();
    this.queue = Promise.resolve();
    for (const peerId of this.tracks.keys()) this.opts.onTracks(peerId, {});
    this.tracks.clear();
  }
}
