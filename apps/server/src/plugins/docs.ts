import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { publicRoute } from '../access/route-access.js';

/** OpenAPI generated from the contract's zod schemas: /api/openapi.json, browsable at /api/docs. */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Rozmova API', version: '1.0.0', description: 'Online psychotherapy platform' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
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
