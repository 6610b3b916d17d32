import {
  type ChatMessageEvent,
  type IceServer,
  type RoomClosedEvent,
  type SfuFeeds,
  type SfuInfo,
  SIGNAL_PATH,
  type SignalClientEvents,
  type SignalHandshakeError,
  type SignalServerEvents,
  signalHandshakeErrorSchema,
} from '@rozmova/contract';
import { io, type Socket } from 'socket.io-client';
import {
  type CallError,
  type CallState,
  IDENTITY_INTERVAL_MS,
  initialCallState,
  type KnownPeer,
  newRemotePeer,
  QUALITY_INTERVAL_MS,
  type RemotePeer,
  SCREEN_STREAM_PREFIX,
  SHARE_LAPSE_MS,
  tileColorOf,
} from './call-state';
import { CallE2ee, e2eeSupport } from './e2ee/call-e2ee';
import { JanusSession } from './janus-session';
import type { LocalMedia, LocalMediaState } from './local-media';
import { type LinkState, PeerLink, type Signal, SLOTS, type Slot } from './peer-link';
import { isPolite } from './polite';
import { type PacketTotals, readQuality } from './quality';
import { newRoomId } from './room-id';
import { SfuMedia } from './sfu-media';

const JOIN_TIMEOUT_MS = 10_000;
/**
 * Reconnection back-off: the first try within a second, then every 2 s at most, so a call is back within a few
 * seconds of a server being ready again (a deploy, a crash) rather than socket.io's default of up to 5 s apart.
 */
const RECONNECT = { reconnectionDelay: 500, reconnectionDelayMax: 2000 } as const;
const HANDSHAKE_ERRORS: Record<SignalHandshakeError['code'], CallError> = {
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'UNAUTHORIZED',
  DISABLED: 'DISABLED',
  TOO_MANY_CONNECTIONS: 'TOO_MANY_CONNECTIONS',
};
const CHAT_KEPT = 200;
const CLOSED_ERRORS: Record<RoomClosedEvent['reason'], CallError> = {
  APPOINTMENT_CANCELED: 'ROOM_CLOSED',
  ENDED_BY_HOST: 'ENDED',
  REMOVED: 'REMOVED',
  JOINED_ELSEWHERE: 'JOINED_ELSEWHERE',
};
const trackOf = (m: LocalMediaState, slot: Slot) => (slot === 'audio' ? m.audio : slot === 'camera' ? m.camera : m.screen);
const audioOn = (m: LocalMediaState) => m.micOn && m.audio !== null;
const videoOn = (m: LocalMediaState) => m.camOn && m.camera !== null;

/**
 * One browser's part in one room: the signalling socket, the chat, and the media: a PeerLink per remote peer, or, in a
 * group session's room the server sends through its media server, one SfuMedia for everyone.
 */
export class CallSession {
  private state: CallState = initialCallState;
  private readonly listeners = new Set<() => void>();
  private readonly links = new Map<string, PeerLink>();
  private readonly totals = new Map<string, PacketTotals>();
  private socket: Socket<SignalServerEvents, SignalClientEvents> | null = null;
  private iceServers: IceServer[] = [];
  private wanted = false;
  private timers: number[] = [];
  private media: LocalMediaState;
  private readonly streamId = `cam-${newRoomId()}`;
  private readonly screenId = `${SCREEN_STREAM_PREFIX}${newRoomId()}`;
  /** Sent on every connection: the server gives the same peer id for it, so links that still work are kept. */
  private readonly callKey = `k${newRoomId().replaceAll('-', '')}`;
  private readonly unsubscribeMedia: () => void;
  /** The media server's answer for this join (null: asking failed), and the media through it once joined. */
  private sfuAnswer: SfuInfo | null | undefined;
  private sfuAsked: Promise<void> | null = null;
  /** The media server's session, opened as soon as its answer comes, while signalling still joins. */
  private sfuOpening: Promise<JanusSession> | null = null;
  private sfu: SfuMedia | null = null;
  private sfuState: LinkState = 'connecting';
  /** The call's end-to-end encryption (rooms through the media server). */
  private e2ee: CallE2ee | null = null;
  private unsubscribeE2ee: () => void = () => undefined;
  private small = false;

  constructor(
    readonly room: string,
    private readonly token: string,
    private readonly local: LocalMedia,
    /**
     * A group session's room: how its media goes (asked before each join, as the media server's tokens are
     * short-lived), and whose feeds on the media server are.
     */
    private readonly sfuApi?: { ask: () => Promise<SfuInfo>; owners: (feeds: number[]) => Promise<SfuFeeds> },
  ) {
    this.media = local.getSnapshot();
    this.unsubscribeMedia = local.subscribe(this.mediaChanged);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.state;

  private set(patch: Partial<CallState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private updatePeer(peerId: string, change: (p: RemotePeer) => Partial<RemotePeer>) {
    if (!this.state.peers.some((p) => p.peerId === peerId)) return;
    this.set({ peers: this.state.peers.map((p) => (p.peerId === peerId ? { ...p, ...change(p) } : p)) });
  }

  join() {
    this.wanted = true;
    this.set({ status: 'joining', error: null, chatError: null });
    // The media server's answer is asked for while the signalling connection opens; the join waits for both.
    if (this.sfuApi && !this.sfu) {
      this.sfuAnswer = undefined;
      this.sfuAsked = this.sfuApi.ask().then(
        (info) => {
          this.sfuAnswer = info;
          this.closeOpening();
          if (info.mode === 'SFU') this.sfuOpening = JanusSession.open(info.url, info.token);
        },
        () => {
          this.sfuAnswer = null;
        },
      );
    }
    const socket = this.socket ?? this.connect();
    if (socket.connected) this.emitJoin();
    else socket.connect();
  }

  /** Leaves the room: the connections close and the chat is cleared. */
  leave() {
    this.wanted = false;
    this.socket?.emit('leave');
    this.socket?.disconnect();
    this.dropPeers();
    this.stopTimers();
    this.stopE2ee();
    this.closeOpening();
    this.set({ ...initialCallState });
  }

  /**
   * Starts the connection with one peer afresh after it failed for good; the others go on. The fresh offer comes from
   * a new connection, so the other end starts afresh too (`signal`).
   */
  retry(peerId: string) {
    const known = this.state.peers.find((p) => p.peerId === peerId);
    if (!known || this.state.status !== 'joined') return;
    if (this.sfu) return this.sfu.restart();
    this.removePeer(peerId);
    this.addPeer(peerId, true, known);
  }

  sendChat(text: string): boolean {
    const message = text.trim();
    if (!message || this.state.status !== 'joined') return false;
    this.set({ chatError: null });
    const e2ee = this.e2ee;
    if (!e2ee) {
      this.socket?.emit('chat-message', { message });
      return true;
    }
    // Sealed with the call's key; without a key yet nothing is sent.
    void e2ee.sealChat(message).then((sealed) => {
      if (sealed) this.socket?.emit('chat-message', { sealed });
      else this.set({ chatError: 'UNAVAILABLE' });
    });
    return true;
  }

  // The host's controls; the server refuses them from anyone else.
  admit(userIds: number[] | 'all') {
    this.socket?.emit('admit', userIds === 'all' ? { all: true } : { userIds });
  }
  askToMute(kind: 'audio' | 'video', peerId?: string) {
    this.socket?.emit('host-mute', { kind, ...(peerId && { peerId }) });
  }
  remove(userId: number) {
    this.socket?.emit('remove', { userId });
  }
  endForAll() {
    this.socket?.emit('end-call', {});
  }
  raiseHand(raised: boolean) {
    if (this.state.status !== 'joined') return;
    this.socket?.emit('hand', { raised });
    this.set({ handRaised: raised });
  }
  clearHostMuted() {
    this.set({ hostMuted: null });
  }
  /** A phone's screen: the media server sends it everyone's smallest layer. */
  setSmallScreen(small: boolean) {
    this.small = small;
    this.sfu?.setSmallScreen(small);
  }

  dispose() {
    this.leave();
    this.unsubscribeMedia();
    this.listeners.clear();
  }

  private connect() {
    const socket: Socket<SignalServerEvents, SignalClientEvents> = io({
      path: SIGNAL_PATH,
      auth: { token: this.token, callKey: this.callKey },
      autoConnect: false,
      // A WebSocket at once saves the polling round trips of the upgrade; where one cannot open (a proxy), polling.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      ...RECONNECT,
    });
    this.socket = socket;
    socket.on('connect', () => {
      // After a dropped connection socket.io reconnects by itself; the room is joined again the same way.
      if (this.wanted) this.emitJoin();
    });
    socket.on('connect_error', (err) => {
      if (!this.wanted) return;
      const refused = signalHandshakeErrorSchema.safeParse((err as { data?: unknown }).data);
      if (refused.success) this.fail(HANDSHAKE_ERRORS[refused.data.code]);
      else if (this.state.status === 'joined') this.set({ status: 'reconnecting' });
    });
    // A server stopping on purpose (a deploy): its connection ends next, and this one reconnects and rejoins.
    socket.on('server-going-away', () => {
      if (this.wanted && this.state.status === 'joined') this.set({ status: 'reconnecting' });
    });
    socket.on('disconnect', () => {
      if (!this.wanted) return this.dropPeers();
      // Media goes peer to peer: the links keep working while signalling is away, and are offered back on rejoining.
      if (socket.active) this.set({ status: 'reconnecting' });
      else this.fail('DISCONNECTED');
    });
    socket.on('peer-joined', ({ linked, ...peer }) => {
      // Whoever arrives (a host who came later, too) learns this browser's public key.
      this.e2ee?.announce();
      const link = this.links.get(peer.peerId);
      if (link && linked) {
        // Back after a lost connection with our link still theirs: it goes on, restarted if it stalled meanwhile.
        this.updatePeer(peer.peerId, () => ({
          firstName: peer.firstName,
          lastName: peer.lastName,
          role: peer.role,
          userId: peer.userId,
        }));
        if (link.pc.connectionState !== 'connected') link.restart();
      } else {
        if (link) this.removePeer(peer.peerId);
        // They hold a link we no longer have: a fresh offer from us makes them start afresh too.
        this.addPeer(peer.peerId, linked, peer);
      }
      this.sendIdentity();
    });
    socket.on('peer-left', ({ peerId }) => {
      this.e2ee?.peerLeft(peerId);
      this.removePeer(peerId);
    });
    socket.on('description', ({ from, description }) => this.signal(from, { description }));
    socket.on('candidate', ({ from, candidate }) => {
      if (candidate) this.signal(from, { candidate });
    });
    socket.on('identity', (m) => {
      if (m.streamId.startsWith(SCREEN_STREAM_PREFIX)) {
        this.updatePeer(m.from, () => ({ sharingUntil: Date.now() + SHARE_LAPSE_MS }));
      } else {
        const names = { firstName: m.firstName, lastName: m.lastName };
        const { audioEnabled, videoEnabled, bgColor = null } = m;
        this.updatePeer(m.from, () => ({ ...names, audioEnabled, videoEnabled, bgColor }));
      }
    });
    socket.on('audio-toggle', (m) => this.updatePeer(m.from, () => ({ audioEnabled: m.audioEnabled })));
    socket.on('video-toggle', (m) => this.updatePeer(m.from, () => ({ videoEnabled: m.videoEnabled })));
    socket.on('share-stopped', (m) => this.updatePeer(m.from, () => ({ sharingUntil: 0 })));
    socket.on('chat-message', (m: ChatMessageEvent) => void this.receiveChat(m));
    socket.on('room-closed', ({ reason }) => this.fail(CLOSED_ERRORS[reason]));
    socket.on('waiting', ({ people }) => this.set({ waiting: people }));
    socket.on('admitted', () => {
      if (this.wanted && this.state.status === 'waiting') this.join();
    });
    socket.on('host-mute', ({ kind }) => {
      if (kind === 'audio') void this.local.setMicOn(false);
      else void this.local.setCamOn(false);
      this.set({ hostMuted: kind });
    });
    socket.on('hand', ({ from, raised }) => this.updatePeer(from, () => ({ handRaised: raised })));
    socket.on('e2ee-public-key', ({ from, publicKey }) => this.e2ee?.peerKey(from, publicKey));
    socket.on('e2ee-session-key', ({ from: _from, ...key }) => void this.e2ee?.sessionKey(key));
    socket.on('signal-error', (e) => {
      if (e.event === 'chat-message') this.set({ chatError: e.code });
      else console.warn('signalling refused', e);
    });
    return socket;
  }

  private emitJoin() {
    const asked = this.sfuAsked;
    if (!asked) return this.sendJoin();
    void asked.then(() => {
      if (this.wanted && this.sfuAsked === asked && this.socket?.connected) this.sendJoin();
    });
  }

  private sendJoin() {
    const socket = this.socket;
    if (!socket) return;
    const linked = [...this.links.keys()];
    // An offer made while signalling was away never left; the other end restarts the link if it needs to.
    for (const link of this.links.values()) link.dropPendingOffer();
    socket.timeout(JOIN_TIMEOUT_MS).emit('join', { room: this.room, linked }, (err, ack) => {
      if (!this.wanted || socket !== this.socket) return;
      if (err) return socket.connected ? this.fail('TIMEOUT') : undefined;
      if (!ack.ok) return this.fail(ack.error.code);
      // In the waiting room: nothing to connect until the psychologist lets this person in (`admitted`).
      if (ack.admission === 'WAITING') {
        this.closeOpening();
        return this.set({ status: 'waiting', self: ack.self, error: null });
      }
      if (ack.e2ee && !this.e2ee && !this.startE2ee(ack.self.peerId, ack.self.role === 'PSYCHOLOGIST')) return;
      // Admitted, but the media server's answer failed: no media to offer.
      if (this.sfuApi && this.sfuAnswer === null && !this.sfu) return this.fail('UNAVAILABLE');
      this.iceServers = ack.iceServers;
      // The room's chat so far comes back with every join, so a reload or a lost connection loses none of it.
      this.set({ status: 'joined', self: ack.self, error: null, ...(!ack.e2ee && { chat: ack.chat }) });
      if (this.sfuAnswer?.mode === 'SFU' && !this.sfu) this.startSfu(this.sfuAnswer, ack.self.peerId);
      // Back after a lost signalling connection: media went on through the server; those who left meanwhile go.
      if (this.sfu)
        for (const p of this.state.peers) if (!ack.peers.some((q) => q.peerId === p.peerId)) this.removePeer(p.peerId);
      for (const peer of ack.peers) this.addPeer(peer.peerId, true, peer);
      this.startTimers();
      this.sendIdentity();
    });
  }

  private fail(error: CallError) {
    this.wanted = false;
    this.socket?.disconnect();
    this.dropPeers();
    this.stopTimers();
    this.stopE2ee();
    this.closeOpening();
    this.set({ status: 'error', error, waiting: [], handRaised: false });
  }

  /**
   * Starts sealing for a call through the media server, where the psychologist's browser keeps the keys. A browser
   * that cannot seal media is refused the call, never let in unsealed.
   */
  private startE2ee(selfId: string, host: boolean): boolean {
    const support = e2eeSupport();
    if (!support) {
      this.fail('E2EE_UNSUPPORTED');
      return false;
    }
    const e2ee = new CallE2ee(
      selfId,
      host,
      {
        publicKey: (publicKey) => this.socket?.emit('e2ee-public-key', { publicKey }),
        sessionKey: (to, key) => this.socket?.emit('e2ee-session-key', { to, ...key }),
      },
      support,
    );
    this.e2ee = e2ee;
    this.set({ e2ee: { code: null } });
    this.unsubscribeE2ee = e2ee.subscribe(() => this.set({ e2ee: { code: e2ee.getSnapshot().code } }));
    void e2ee.start();
    return true;
  }

  private stopE2ee() {
    this.unsubscribeE2ee();
    this.e2ee?.stop();
    this.e2ee = null;
  }

  /** A chat message as shown: a sealed one opened with the call's key (empty when no key here opens it). */
  private async receiveChat(m: ChatMessageEvent) {
    const shown = m.sealed ? { ...m, message: (await this.e2ee?.openChat(m.sealed)) ?? '' } : m;
    this.set({ chat: [shown, ...this.state.chat].slice(0, CHAT_KEPT) });
  }

  private addPeer(peerId: string, initiator: boolean, known?: KnownPeer) {
    const self = this.state.self;
    if (!self || peerId === self.peerId || this.links.has(peerId)) return;
    if (this.sfu) {
      if (this.state.peers.some((p) => p.peerId === peerId)) return;
      const peer = { ...newRemotePeer(peerId, known), link: this.sfuState, tracks: this.sfu.tracksOf(peerId) };
      this.set({ peers: [...this.state.peers, peer] });
      // A feed of this peer seen before they were known here is received now.
      return this.sfu.peersChanged();
    }
    const link = new PeerLink({
      polite: isPolite(self.peerId, peerId),
      initiator,
      iceServers: this.iceServers,
      send: (signal) => this.relay(peerId, signal),
      localTrack: (slot) => trackOf(this.media, slot),
      onTrack: (slot, track) => this.updatePeer(peerId, (p) => ({ tracks: { ...p.tracks, [slot]: track } })),
      onState: (state) => this.updatePeer(peerId, () => ({ link: state })),
    });
    this.links.set(peerId, link);
    this.set({ peers: [...this.state.peers.filter((p) => p.peerId !== peerId), newRemotePeer(peerId, known)] });
  }

  private signal(from: string, signal: Signal) {
    if (this.sfu) return;
    const offer = 'description' in signal && signal.description.type === 'offer' ? signal.description : null;
    // An offer from another connection than ours knew: the other end started afresh, so this end does too.
    if (offer && this.links.get(from)?.isFromAnotherConnection(offer)) {
      const known = this.state.peers.find((p) => p.peerId === from);
      this.removePeer(from);
      this.addPeer(from, false, known);
    }
    // An offer can come before the arrival notice; the answering end needs no names to answer.
    if (!this.links.has(from) && offer) this.addPeer(from, false);
    void this.links.get(from)?.receive(signal);
  }

  private relay(to: string, signal: Signal) {
    // Not buffered for later: once back in the room, links are offered afresh as needed.
    if (this.state.status !== 'joined' || !this.socket?.connected) return;
    if ('description' in signal) {
      const { type, sdp } = signal.description;
      this.socket?.emit('description', { to, description: { type, sdp } });
    } else {
      const c = signal.candidate;
      if (c.candidate) this.socket?.emit('candidate', { to, candidate: { ...c, candidate: c.candidate } });
    }
  }

  private removePeer(peerId: string) {
    this.links.get(peerId)?.close();
    this.links.delete(peerId);
    this.totals.delete(peerId);
    this.set({ peers: this.state.peers.filter((p) => p.peerId !== peerId) });
  }

  /** Media through the media server: tracks arrive by peer id, the server's state is every peer's. */
  private startSfu(first: SfuInfo & { mode: 'SFU' }, selfId: string) {
    let ready: SfuInfo | null = first;
    const sfuApi = this.sfuApi as NonNullable<typeof this.sfuApi>;
    this.sfuState = 'connecting';
    this.sfu = new SfuMedia({
      join: async () => {
        const info = ready ?? (await sfuApi.ask());
        ready = null;
        if (info.mode !== 'SFU') throw new Error('The room no longer goes through the media server');
        return info;
      },
      opened: () => {
        const opening = this.sfuOpening;
        this.sfuOpening = null;
        return opening;
      },
      selfId,
      owners: async (feeds) => new Map((await sfuApi.owners(feeds)).feeds.map((f) => [f.feed, f.userId])),
      userOf: (peerId) => this.state.peers.find((p) => p.peerId === peerId)?.userId ?? undefined,
      iceServers: this.iceServers,
      localTrack: (slot) => trackOf(this.media, slot),
      e2ee: this.e2ee as CallE2ee,
      onSpeaker: (speaker) => this.set({ speaker }),
      onTracks: (peerId, tracks) => this.updatePeer(peerId, () => ({ tracks })),
      onState: (state) => {
        this.sfuState = state;
        if (this.state.peers.length) this.set({ peers: this.state.peers.map((p) => ({ ...p, link: state })) });
      },
    });
    this.sfu.setSmallScreen(this.small);
    this.sfu.start();
  }

  /** A session opened early that no join will use (this browser waits, fails or leaves). */
  private closeOpening() {
    void this.sfuOpening?.then((s) => s.close()).catch(() => undefined);
    this.sfuOpening = null;
  }

  private dropPeers() {
    this.sfu?.stop();
    this.sfu = null;
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.totals.clear();
    if (this.state.peers.length) this.set({ peers: [] });
  }

  private sendIdentity() {
    if (this.state.status !== 'joined') return;
    const m = this.media;
    const bgColor = tileColorOf(this.streamId);
    this.socket?.emit('identity', { streamId: this.streamId, audioEnabled: audioOn(m), videoEnabled: videoOn(m), bgColor });
    if (m.screen) this.socket?.emit('identity', { streamId: this.screenId, audioEnabled: false, videoEnabled: true });
  }

  private readonly mediaChanged = () => {
    const before = this.media;
    const now = this.local.getSnapshot();
    this.media = now;
    for (const slot of SLOTS) {
      const track = trackOf(now, slot);
      if (track === trackOf(before, slot)) continue;
      for (const link of this.links.values()) link.setTrack(slot, track);
      this.sfu?.setTrack(slot, track);
    }
    if (this.state.status !== 'joined' || !this.socket) return;
    if (audioOn(now) !== audioOn(before))
      this.socket.emit('audio-toggle', { streamId: this.streamId, audioEnabled: audioOn(now) });
    if (videoOn(now) !== videoOn(before))
      this.socket.emit('video-toggle', { streamId: this.streamId, videoEnabled: videoOn(now) });
    if (before.screen && !now.screen) this.socket.emit('share-stopped', { streamId: this.screenId });
    if (!before.screen && now.screen) this.sendIdentity();
  };

  private startTimers() {
    this.stopTimers();
    this.timers.push(
      window.setInterval(() => {
        this.sendIdentity();
        const now = Date.now();
        if (this.state.peers.some((p) => p.sharingUntil !== 0 && p.sharingUntil <= now)) {
          this.set({ peers: this.state.peers.map((p) => (p.sharingUntil <= now ? { ...p, sharingUntil: 0 } : p)) });
        }
      }, IDENTITY_INTERVAL_MS),
      window.setInterval(() => void this.measure(), QUALITY_INTERVAL_MS),
    );
  }

  private stopTimers() {
    for (const t of this.timers) window.clearInterval(t);
    this.timers = [];
  }

  private async measure() {
    for (const [peerId, link] of this.links) {
      if (link.pc.connectionState !== 'connected') continue;
      const report = await link.pc.getStats().catch(() => null);
      if (!report || this.links.get(peerId) !== link) continue;
      const { quality, totals } = readQuality(report.values(), this.totals.get(peerId) ?? null);
      this.totals.set(peerId, totals);
      this.updatePeer(peerId, () => ({ quality }));
    }
  }
}
