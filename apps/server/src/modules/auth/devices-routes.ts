import { endedSessionsResponseSchema, sessionIdParamsSchema, sessionListResponseSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerContext } from '../../plugins/auth.js';
import { endOtherSessions, endSession, listSessions } from './devices-service.js';
import { startNewDeviceMails } from './new-device-mail.js';

const tags = ['auth'];

const devices: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', () => startNewDeviceMails(app));

  app.get(
    '/user/sessions',
    { schema: { tags, summary: 'Every signed-in device of the account', response: { 200: sessionListResponseSchema } } },
    async (request) => listSessions(viewerContext(app, request), request.sessionId),
  );

  app.delete(
    '/user/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Ends one session of the account at once, its signalling sockets too',
        params: sessionIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endSession(viewerContext(app, request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/user/sessions',
    {
      schema: {
        tags,
        summary: 'Signs out everywhere else: every session of the account but this one',
        response: { 200: endedSessionsResponseSchema },
      },
    },
    async (request) => endOtherSessions(viewerContext(app, request), request.sessionId),
  );
};
export default devices;
