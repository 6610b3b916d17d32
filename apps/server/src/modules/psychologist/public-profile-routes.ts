import { doctorInfoSchema, idParamsSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import { getPsychologistInfo } from './public-profile-service.js';

/** A psychologist's public profile, at the spec's /api/doctors path. */
const psychologistPublicProfile: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => getPsychologistInfo(viewerContext(app, request), request.params),
  );
};
export default psychologistPublicProfile;
