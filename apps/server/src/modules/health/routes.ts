import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../access/route-access.js';
import { AppError } from '../../lib/errors.js';

const ok = { 200: z.object({ status: z.literal('ok') }) };

const health: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process serves. It touches nothing else, so it stays cheap under load.
  app.get('/health', { ...publicRoute, compress: false, schema: { tags: ['health'], response: ok } }, async () => ({
    status: 'ok' as const,
  }));

  // Readiness: the database answers too.
  app.get('/ready', { ...publicRoute, schema: { tags: ['health'], response: ok } }, async (request) => {
    try {
      await app.database.ping();
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      throw new AppError(503, 'UNAVAILABLE', 'The database is not answering');
    }
    return { status: 'ok' as const };
  });
};
export default health;
