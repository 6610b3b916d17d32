import { timingSafeEqual } from 'node:crypto';
import { magicLinkCreateBodySchema, magicLinkResponseSchema } from '@rozmova/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, unauthorized } from '../../lib/errors.js';
import { createMagicLink } from '../auth/magic-links.js';

const PATH = '/integrations/messaging/magic-link';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Endpoints for the messaging bot, guarded by MAGIC_LINK_SECRET; absent when no secret is configured. */
const integrations: FastifyPluginAsyncZod = async (app) => {
  // Runs before body parsing, so callers without the secret learn nothing, not even validation rules.
  const guard = async (request: FastifyRequest) => {
    const expected = app.config.magicLinkSecret;
    if (!expected) throw notFound(`POST /api${PATH}`);
    const given = request.headers['x-magic-link-secret'];
    if (typeof given !== 'string' || !sameSecret(given, expected)) throw unauthorized('Wrong or missing x-magic-link-secret');
  };

  app.post(
    PATH,
    {
      onRequest: guard,
      schema: {
        tags: ['integrations'],
        security: [],
        description: 'Send the shared secret in the x-magic-link-secret header.',
        body: magicLinkCreateBodySchema,
        response: { 200: magicLinkResponseSchema },
      },
    },
    async (request) => createMagicLink(app.db, app.config.publicUrl, request.body.externalId),
  );
};
export default integrations;
