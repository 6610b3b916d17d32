import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../access/route-access.js';
import { AppError } from '../../lib/errors.js';
import { mailBacklog } from '../notifications/service.js';

const ok = { 200: z.object({ status: z.literal('ok') }) };
const ready = {
  200: z.object({
    status: z.literal('ok'),
    /** Notification mails waiting to go out, and the age of the oldest (null: none waits). */
    mail: z.object({ waiting: z.number().int(), oldestWaitingSeconds: z.number().int().nullable() }),
  }),
};

const health: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process serves. It touches nothing else, so it stays cheap under load.
  app.get('/health', { ...publicRoute, compress: false, schema: { tags: ['health'], response: ok } }, async () => ({
    status: 'ok' as const,
  }));

  // Readiness: the database answers too; with it, the backlog of notification mails (SMTP down shows here).
  app.get('/ready', { ...publicRoute, schema: { tags: ['health'], response: ready } }, async (request) => {
    try {
      await app.database.ping();
      const { waiting, oldest } = await mailBacklog(app.db);
      const oldestWaitingSeconds = oldest
        ? Math.max(0, Math.round((app.clock.instant().getTime() - oldest.getTime()) / 1000))
        : null;
      return { status: 'ok' as const, mail: { waiting, oldestWaitingSeconds } };
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      throw new AppError(503, 'UNAVAILABLE', 'The database is not answering');
    }
  });
};
export default health;
