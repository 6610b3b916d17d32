import { callSettingsSchema, sfuFeedsQuerySchema, sfuFeedsSchema, sfuInfoSchema, sfuParamsSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forRoles } from '../../access/route-access.js';
import { viewerContext } from '../../plugins/auth.js';
import { callSettingsOf, saveCallSettings } from './admissions.js';
import { feedOwners, sfuInfo } from './service.js';
import { startSfuUpkeep } from './upkeep.js';
import { startVideoWorkers } from './workers.js';

/** Calls: how a group session's browser joins its media server room. */
const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const upkeep = startSfuUpkeep(app);
  app.addHook('onReady', () => startVideoWorkers(app));

  app.get(
    '/video/group-sessions/:roomId/sfu',
    {
      ...forRoles('PSYCHOLOGIST', 'PATIENT'),
      schema: {
        tags: ['video'],
        summary: 'How this browser carries a room’s media: peer to peer, or through the media server with a join token',
        description:
          'MESH without JANUS_URL and for any room but a group session’s. SFU: the Janus WebSocket address, the room ' +
          'and a token that joins it within a minute. 404 for a room that does not admit the caller, 409 outside its ' +
          'window, 503 when the media server cannot be reached.',
        params: sfuParamsSchema,
        response: { 200: sfuInfoSchema },
      },
    },
    async (request) => {
      const { info, issued } = await sfuInfo(viewerContext(app, request), request.params.roomId);
      if (issued) upkeep.expireLater(issued);
      return info;
    },
  );

  app.get(
    '/video/group-sessions/:roomId/sfu/feeds',
    {
      ...forRoles('PSYCHOLOGIST', 'PATIENT'),
      schema: {
        tags: ['video'],
        summary: 'Whose these feeds on the media server are, so a browser shows each only as the account that owns it',
        description:
          'Answers only the ids that are an account’s newest feed in this room. 404 for a room that does not admit ' +
          'the caller or is not on the media server, 409 outside its window or while the caller waits.',
        params: sfuParamsSchema,
        querystring: sfuFeedsQuerySchema,
        response: { 200: sfuFeedsSchema },
      },
    },
    (request) => feedOwners(viewerContext(app, request), request.params.roomId, request.query.ids),
  );

  const settings = { tags: ['video'], response: { 200: callSettingsSchema } };
  app.get(
    '/psychologist/call-settings',
    { ...forRoles('PSYCHOLOGIST'), schema: { ...settings, summary: 'The psychologist’s call settings' } },
    (request) => callSettingsOf(viewerContext(app, request)),
  );
  app.put(
    '/psychologist/call-settings',
    {
      ...forRoles('PSYCHOLOGIST'),
      schema: {
        ...settings,
        summary: 'Sets the call settings: with waitingRoom, patients of one-to-one sessions wait until let in',
        body: callSettingsSchema,
      },
    },
    (request) => saveCallSettings(viewerContext(app, request), request.body),
  );
};
export default videoRoutes;
