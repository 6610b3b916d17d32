/** What Janus sends: replies to requests (by transaction) and events of a handle (by sender). */
type JanusMessage = {
  janus: string;
  transaction?: string;
  sender?: number;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { data: Record<string, unknown> };
  jsep?: RTCSessionDescriptionInit;
};

/** A VideoRoom answer or event: the plugin's data, and an SDP when it carries one. */
export type PluginEvent = { data: Record<string, unknown>; jsep?: RTCSessionDescriptionInit };

const REQUEST_TIMEOUT_MS = 10_000;
/** Janus ends a session after 60 s without a word; a keepalive well within that keeps it. */
const KEEPALIVE_MS = 25_000;

/**
 * One Janus session over the Janus WebSocket API (protocol `janus-protocol`), every request carrying the token the
 * API server gave. `onLost` is called once when the session ends other than by `close()`.
 */
export class JanusSession {
  private readonly waiting = new Map<
    string,
    { ackIsAnswer: boolean; resolve: (m: JanusMessage) => void; reject: (e: Error) => void }
  >();
  private readonly handles = new Map<number, (event: PluginEvent) => void>();
  sessionId = 0;
  private keepalive: number | undefined;
  private closed = false;
  onLost: () => void = () => undefined;

  private constructor(
    private readonly ws: WebSocket,
    private readonly token: string,
  ) {
    ws.onmessage = (e) => this.receive(JSON.parse(String(e.data)) as JanusMessage);
    ws.onclose = () => this.lost();
  }

  static async open(url: string, token: string): Promise<JanusSession> {
    const ws = new WebSocket(url, 'janus-protocol');
    await new Promise<void>((resolve, reject) => {
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error('The media server cannot be reached'));
    });
    const session = new JanusSession(ws, token);
    session.sessionId = (await session.send({ janus: 'create' })).data?.id ?? 0;
    session.keepalive = window.setInterval(
      () => void session.send({ janus: 'keepalive', session_id: session.sessionId }, true).catch(() => undefined),
      KEEPALIVE_MS,
    );
    return session;
  }

  /** A VideoRoom handle; its events (those that answer no request of ours) go to `onEvent`. */
  async attach(onEvent: (event: PluginEvent) => void): Promise<JanusHandle> {
    const reply = await this.send({ janus: 'attach', session_id: this.sessionId, plugin: 'janus.plugin.videoroom' });
    const id = reply.data?.id ?? 0;
    this.handles.set(id, onEvent);
    return new JanusHandle(this, id);
  }

  /**
   * Sends one request; resolves with its answer (or its ack, for requests Janus only acknowledges), rejects on a Janus
   * or VideoRoom error.
   */
  send(message: Record<string, unknown>, ackIsAnswer = false): Promise<JanusMessage> {
    const transaction = crypto.randomUUID();
    return new Promise<JanusMessage>((resolve, reject) => {
      const timer = window.setTimeout(() => {
        this.waiting.delete(transaction);
        reject(new Error(`No answer to ${String(message.janus)}`));
      }, REQUEST_TIMEOUT_MS);
      const settle = (fn: () => void) => {
        window.clearTimeout(timer);
        fn();
      };
      this.waiting.set(transaction, {
        ackIsAnswer,
        resolve: (m) => settle(() => resolve(m)),
        reject: (e) => settle(() => reject(e)),
      });
      if (this.ws.readyState !== WebSocket.OPEN) return this.waiting.get(transaction)?.reject(new Error('Disconnected'));
      this.ws.send(JSON.stringify({ ...message, transaction, token: this.token }));
    });
  }

  private receive(m: JanusMessage) {
    const w = m.transaction ? this.waiting.get(m.transaction) : undefined;
    if (w && (m.janus !== 'ack' || w.ackIsAnswer)) {
      this.waiting.delete(m.transaction as string);
      const error = m.error ?? (m.plugindata?.data.error_code ? { reason: String(m.plugindata.data.error) } : null);
      return error ? w.reject(new Error(error.reason)) : w.resolve(m);
    }
    if (w) return;
    if (m.janus === 'timeout') return this.lost();
    // The PeerConnection of a handle ended (ICE failed, DTLS alert): the call recovers as for a lost session.
    if (m.janus === 'hangup' || m.janus === 'detached') return this.lost();
    if (m.janus === 'event' && m.sender !== undefined) {
      this.handles.get(m.sender)?.({ data: m.plugindata?.data ?? {}, jsep: m.jsep });
    }
  }

  private lost() {
    if (this.closed) return;
    this.close();
    this.onLost();
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    window.clearInterval(this.keepalive);
    for (const w of this.waiting.values()) w.reject(new Error('Closed'));
    this.waiting.clear();
    if (this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ janus: 'destroy', session_id: this.sessionId, transaction: 'bye', token: this.token }));
    }
    this.ws.close();
  }
}

/** One VideoRoom handle of a session: a publisher or the subscriber. */
export class JanusHandle {
  constructor(
    private readonly session: JanusSession,
    readonly id: number,
  ) {}

  /** A VideoRoom request (and an SDP); resolves with its answer's data and SDP. */
  async request(body: Record<string, unknown>, jsep?: RTCSessionDescriptionInit & { e2ee?: boolean }): Promise<PluginEvent> {
    const message = { janus: 'message', session_id: this.session.sessionId, handle_id: this.id, body, ...(jsep && { jsep }) };
    const reply = await this.session.send(message);
    return { data: reply.plugindata?.data ?? {}, jsep: reply.jsep };
  }

  /** Trickles a local candidate (null: gathering is complete). */
  trickle(candidate: RTCIceCandidate | null) {
    const body = candidate ? candidate.toJSON() : { completed: true };
    const message = { janus: 'trickle', session_id: this.session.sessionId, handle_id: this.id, candidate: body };
    void this.session.send(message, true).catch(() => undefined);
  }
}
