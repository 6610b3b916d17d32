import { doctorInfoSchema, idParamsSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import { getDoctorInfo } from './service.js';

const doctors: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/doctors/:id',
    {
      schema: {
        tags: ['doctors'],
        summary: "A psychologist's public profile",
        params: idParamsSchema,
        response: { 200: doctorInfoSchema },
      },
    },
    async (request) => getDoctorInfo(viewerContext(app, request), request.params),
  );
};
export default doctors;
