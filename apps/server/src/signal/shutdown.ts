import type { SignalServer } from './types.js';

/** Whether this process is stopping on purpose: its sockets then leave without the room being told. */
export type Lifecycle = { goingAway: boolean };

/** How long the notice may take to reach a socket before its transport is cut anyway. */
const FLUSH_MS = 1000;

/**
 * A stop on purpose (a deploy) must not end calls: every socket of this process hears `server-going-away`, then its
 * transport closes without a socket.io disconnect packet, which a client answers by reconnecting (to another process
 * or to this one restarted) and rejoining under the same peer id, while its media goes on peer to peer.
 */
export async function goAway(io: SignalServer, lifecycle: Lifecycle): Promise<void> {
  lifecycle.goingAway = true;
  io.local.emit('server-going-away', { reason: 'SHUTDOWN' });
  // Closed once what is queued is written (a long-polling client takes it with its next request).
  const closed = [...io.of('/').sockets.values()].map(
    (socket) =>
      new Promise<void>((resolve) => {
        socket.conn.once('close', () => resolve());
        socket.conn.close();
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(closed), new Promise((resolve) => (timer = setTimeout(resolve, FLUSH_MS)))]);
  clearTimeout(timer);
  io.engine.close();
}
