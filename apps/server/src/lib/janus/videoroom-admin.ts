import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

/** A Janus or VideoRoom refusal: Janus's own error code (403 wrong secret, 426 no such room, 427 room exists…). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const NO_SUCH_ROOM = 426;
export const ROOM_EXISTS = 427;

/** A reply of the Janus WebSocket API; VideoRoom answers come in plugindata.data. */
type Reply = {
  janus: string;
  transaction?: string;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { data: Record<string, unknown> };
};

/** The synchronous VideoRoom requests the API server makes: create, destroy, allowed, list. */
export type VideoRoomAdmin = (body: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Long enough for a busy Janus; short enough that a request of a browser waiting for its token fails in time. */
const TIMEOUT_MS = 5000;

/**
 * Runs `work` against the VideoRoom plugin of one Janus: a connection, a Janus session and a plugin handle of its
 * own, all ended afterwards. The API server's requests are few (a room per session, a token per join), so nothing is
 * kept open between them and a Janus restart needs no reconnection logic.
 */
export async function withVideoRoom<T>(
  url: string,
  apiSecret: string,
  work: (request: VideoRoomAdmin) => Promise<T>,
): Promise<T> {
  const ws = new WebSocket(url, 'janus-protocol', { handshakeTimeout: TIMEOUT_MS });
  const waiting = new Map<string, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  ws.on('message', (raw) => {
    let reply: Reply;
    try {
      reply = JSON.parse(raw.toString());
    } catch {
      return;
    }
    const w = reply.transaction ? waiting.get(reply.transaction) : undefined;
    if (!w || reply.janus === 'ack') return;
    waiting.delete(reply.transaction as string);
    w.resolve(reply);
  });
  ws.on('close', () => failAll(new Error(`Janus at ${url} closed the connection`)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.on('error', (err) => failAll(err));

  const send = (message: Record<string, unknown>): Promise<Reply> => {
    const transaction = randomBytes(9).toString('base64url');
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(transaction);
        reject(new Error(`Janus at ${url} did not answer ${String(message.janus)} in time`));
      }, TIMEOUT_MS);
      waiting.set(transaction, {
        resolve: (r) => {
          clearTimeout(timer);
          if (r.janus === 'error') reject(new JanusError(r.error?.code ?? 0, r.error?.reason ?? 'Janus error'));
          else resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      ws.send(JSON.stringify({ ...message, transaction, apisecret: apiSecret }));
    });
  };

  try {
    await opened;
    const session = (await send({ janus: 'create' })).data?.id;
    try {
      const handle = (await send({ janus: 'attach', session_id: session, plugin: 'janus.plugin.videoroom' })).data?.id;
      return await work(async (body) => {
        const reply = await send({ janus: 'message', session_id: session, handle_id: handle, body });
        const data = reply.plugindata?.data ?? {};
        if (typeof data.error_code === 'number') throw new JanusError(data.error_code, String(data.error));
        return data;
      });
    } finally {
      await send({ janus: 'destroy', session_id: session }).catch(() => undefined);
    }
  } finally {
    ws.close();
  }
}
