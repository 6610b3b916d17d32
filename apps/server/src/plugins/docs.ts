import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { publicRoute } from '../access/route-access.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The fields of a multipart/form-data body, as JSON Schema, for the document only: the route reads its parts
     * itself, so there is nothing to validate before the handler.
     */
    multipartBody?: Record<string, unknown>;
  }
}

/** The zod schemas turned into JSON Schema, and a multipart route's fields shown as its request body. */
const transform: typeof jsonSchemaTransform = (input) => {
  const { multipartBody, ...schema } = input.schema ?? {};
  const out = jsonSchemaTransform({ ...input, schema });
  return multipartBody ? { ...out, schema: { ...out.schema, body: multipartBody } } : out;
};

/** OpenAPI generated from the contract's zod schemas: /api/openapi.json, browsable at /api/docs. */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Rozmova API', version: '1.0.0', description: 'Online psychotherapy platform' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform,
    });
    await app.register(async (docs) => {
      // The browsable docs are public like the document they show.
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, ...publicRoute.config };
      });
      await docs.register(swaggerUi, { routePrefix: '/api/docs' });
    });
    app.get('/api/openapi.json', { ...publicRoute, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs' },
);
