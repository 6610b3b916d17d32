import type { MediaKind } from './frame-crypto';

/** Where a transform sits: on this browser's sender, or on its receiver of one peer's media. */
export type TransformSide = { side: 'send'; kind: MediaKind } | { side: 'receive'; kind: MediaKind; peerId: string };

/** Messages to the sealing worker. */
export type WorkerMessage =
  /** The session keys by id, the one to seal with now, and this browser's peer id (its senders' key derivation). */
  | { type: 'keys'; keys: [number, ArrayBuffer][]; current: number | null; selfId: string }
  /** Browsers without RTCRtpScriptTransform: the encoded streams of a sender or receiver, handed over, by an id. */
  | { type: 'streams'; id: number; readable: ReadableStream; writable: WritableStream; side: TransformSide }
  /** A receiver handed over earlier now carries another peer's media. */
  | { type: 'side'; id: number; side: TransformSide };

/** From the worker: frames it could not open since the last report (no key yet, or not sealed with ours). */
export type WorkerReport = { type: 'dropped'; count: number };
