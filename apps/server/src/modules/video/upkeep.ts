import type { FastifyInstance } from 'fastify';
import { closeSfuRoom, type IssuedToken, revokeToken, sweepSfuRooms } from './service.js';

/** How often each process looks for Janus rooms whose time is over. */
export const SWEEP_INTERVAL_MS = 30_000;

/**
 * This process's care of the Janus rooms, when JANUS_URL is set: a sweep at start and every SWEEP_INTERVAL_MS (rooms
 * whose session ended, was canceled or is gone), a room destroyed as soon as its session is canceled here, and each
 * join token taken off its room's list once its time to join has passed. Timers go with the app.
 */
export function startSfuUpkeep(app: FastifyInstance): { expireLater: (issued: IssuedToken) => void } {
  const timers = new Set<NodeJS.Timeout>();
  if (!app.config.janus) return { expireLater: () => undefined };
  const ctx = app.context;
  const sweep = () => void sweepSfuRooms(ctx);
  const onCanceled = (roomId: string | null) => {
    if (roomId) closeSfuRoom(ctx, roomId).catch((err) => ctx.log.warn({ err, roomId }, 'could not close a Janus room'));
  };
  let interval: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    interval = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  });
  app.events.on('appointmentCanceled', onCanceled);
  app.addHook('onClose', async () => {
    clearInterval(interval);
    for (const t of timers) clearTimeout(t);
    app.events.off('appointmentCanceled', onCanceled);
  });
  return {
    expireLater(issued) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          revokeToken(ctx, issued).catch((err) => ctx.log.warn({ err }, 'could not take a join token off its Janus room'));
        },
        Math.max(0, issued.joinBy.getTime() - Date.now()),
      ).unref();
      timers.add(timer);
    },
  };
}
