import { magicLinkCreateBodySchema, magicLinkResponseSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMagicLink } from '../auth/magic-links-service.js';

/** Endpoints for the messaging bot, guarded by MAGIC_LINK_SECRET (see plugins/auth.ts); absent when none is set. */
const integrations: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/integrations/messaging/magic-link',
    {
      config: { access: 'integration', limit: 'integration-secret' },
      schema: {
        tags: ['integrations'],
        description: 'Send the shared secret in the x-magic-link-secret header.',
        body: magicLinkCreateBodySchema,
        response: { 200: magicLinkResponseSchema },
      },
    },
    async (request) => createMagicLink(app.context, request.body.externalId),
  );
};
export default integrations;
