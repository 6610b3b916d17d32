import type { IceServer } from '@rozmova/contract';

/** The three media lines of every connection, in this order on both ends. */
export const SLOTS = ['audio', 'camera', 'screen'] as const;
export type Slot = (typeof SLOTS)[number];
const KIND: Record<Slot, 'audio' | 'video'> = { audio: 'audio', camera: 'video', screen: 'video' };

export type LinkState = 'connecting' | 'connected' | 'reconnecting' | 'failed';
export type Signal = { description: RTCSessionDescriptionInit } | { candidate: RTCIceCandidateInit };

type Options = {
  polite: boolean;
  /** The end that creates the transceivers; the other takes them over from the first offer. */
  initiator: boolean;
  iceServers: IceServer[];
  send: (signal: Signal) => void;
  localTrack: (slot: Slot) => MediaStreamTrack | null;
  onTrack: (slot: Slot, track: MediaStreamTrack) => void;
  onState: (state: LinkState) => void;
};

const fingerprintOf = (sdp: string | undefined): string | null => sdp?.match(/^a=fingerprint:(.+)$/m)?.[1]?.trim() ?? null;

/** How long `disconnected` may last before the ICE restart, and how long a restart may take before giving up. */
export const DISCONNECTED_GRACE_MS = 3000;
export const RESTART_TIMEOUT_MS = 20_000;

/**
 * One RTCPeerConnection to one remote peer, negotiated with the perfect-negotiation pattern exactly as the W3C
 * webrtc-pc example writes it. The first offer already carries an audio, a camera and a screen line, sendrecv on both
 * ends, so turning a camera or a share on or off is `replaceTrack` and never needs a new negotiation.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private isSettingRemoteAnswerPending = false;
  private graceTimer: number | undefined;
  private restartTimer: number | undefined;
  private closed = false;

  constructor(private readonly opts: Options) {
    const pc = new RTCPeerConnection({ iceServers: opts.iceServers });
    this.pc = pc;
    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        if (pc.localDescription) opts.send({ description: pc.localDescription.toJSON() });
      } catch (err) {
        console.error(err);
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) opts.send({ candidate: candidate.toJSON() });
    };
    pc.ontrack = ({ transceiver, track }) => {
      const slot = this.slotOf(transceiver);
      if (slot) opts.onTrack(slot, track);
    };
    pc.onconnectionstatechange = () => this.connectionChanged();
    if (opts.initiator) {
      for (const slot of SLOTS) pc.addTransceiver(opts.localTrack(slot) ?? KIND[slot], { direction: 'sendrecv' });
    }
  }

  private slotOf(transceiver: RTCRtpTransceiver): Slot | undefined {
    return SLOTS[this.pc.getTransceivers().indexOf(transceiver)];
  }

  /** A description or candidate relayed from the other end. */
  async receive(signal: Signal) {
    const { pc, opts } = this;
    try {
      if ('description' in signal) {
        const { description } = signal;
        const readyForOffer = !this.makingOffer && (pc.signalingState === 'stable' || this.isSettingRemoteAnswerPending);
        const offerCollision = description.type === 'offer' && !readyForOffer;
        this.ignoreOffer = !opts.polite && offerCollision;
        if (this.ignoreOffer) return;
        this.isSettingRemoteAnswerPending = description.type === 'answer';
        await pc.setRemoteDescription(description);
        this.isSettingRemoteAnswerPending = false;
        if (description.type === 'offer') {
          this.takeOverTransceivers();
          await pc.setLocalDescription();
          if (pc.localDescription) opts.send({ description: pc.localDescription.toJSON() });
        }
      } else {
        try {
          await pc.addIceCandidate(signal.candidate);
        } catch (err) {
          if (!this.ignoreOffer) throw err;
        }
      }
    } catch (err) {
      console.error(err);
    }
  }

  /** Whether an offer comes from another RTCPeerConnection than the one this link was talking to (its certificate differs). */
  isFromAnotherConnection(offer: RTCSessionDescriptionInit): boolean {
    const known = fingerprintOf(this.pc.remoteDescription?.sdp);
    return known !== null && known !== fingerprintOf(offer.sdp);
  }

  /** Takes back an offer that was never delivered, so the link is ready to answer the other end's. */
  dropPendingOffer() {
    if (this.pc.signalingState !== 'have-local-offer') return;
    this.pc.setLocalDescription({ type: 'rollback' }).catch((err) => console.error(err));
  }

  /** The answering end sends on the lines the offer made, so its answer is sendrecv and no second round is needed. */
  private takeOverTransceivers() {
    for (const [i, transceiver] of this.pc.getTransceivers().entries()) {
      const slot = SLOTS[i];
      if (!slot || transceiver.direction === 'sendrecv') continue;
      transceiver.direction = 'sendrecv';
      this.setTrack(slot, this.opts.localTrack(slot));
    }
  }

  /** Puts a local track (or nothing) on a line without renegotiating. */
  setTrack(slot: Slot, track: MediaStreamTrack | null) {
    const sender = this.pc.getTransceivers()[SLOTS.indexOf(slot)]?.sender;
    if (sender && sender.track !== track) sender.replaceTrack(track).catch((err) => console.error(err));
  }

  private connectionChanged() {
    const state = this.pc.connectionState;
    window.clearTimeout(this.graceTimer);
    if (state === 'connected') {
      window.clearTimeout(this.restartTimer);
      this.restartTimer = undefined;
      this.opts.onState('connected');
    } else if (state === 'failed') this.restart();
    else if (state === 'disconnected') this.graceTimer = window.setTimeout(() => this.restart(), DISCONNECTED_GRACE_MS);
  }

  /** ICE restart; the user sees "reconnecting", then the call again or, after a while, a failure. */
  restart() {
    if (this.closed) return;
    // Asked again while restarting (its offer may have been lost with the signalling): a new offer, the same deadline.
    this.pc.restartIce();
    if (this.restartTimer !== undefined) return;
    this.opts.onState('reconnecting');
    this.restartTimer = window.setTimeout(() => {
      if (!this.closed && this.pc.connectionState !== 'connected') this.opts.onState('failed');
    }, RESTART_TIMEOUT_MS);
  }

  close() {
    this.closed = true;
    window.clearTimeout(this.graceTimer);
    window.clearTimeout(this.restartTimer);
    this.pc.close();
  }
}
