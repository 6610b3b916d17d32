import { THERAPY_TYPES, therapyTypesResponseSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const reference: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/therapy-types',
    {
      schema: {
        tags: ['reference'],
        summary: 'Therapy type codes in display order',
        response: { 200: therapyTypesResponseSchema },
      },
    },
    async () => [...THERAPY_TYPES],
  );
};
export default reference;
