import {
  doctorInfoSchema,
  idParamsSchema,
  publicPsychologistPageSchema,
  publicPsychologistsQuerySchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import { getPsychologistInfo, getPublicPsychologist, listPublicPsychologists } from './public-profile-service.js';

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

  // Before signing up: the verified psychologists and their profiles, nothing that reaches them (no e-mail).
  const openToAll = { config: { access: 'public', limit: 'public-read' } } as const;
  app.get(
    '/public/psychologists',
    {
      ...openToAll,
      schema: {
        tags: ['doctors'],
        summary: 'The verified psychologists, by name, a page at a time, for anyone',
        description: 'At most 300 public reads per client in 15 minutes (429 RATE_LIMITED).',
        querystring: publicPsychologistsQuerySchema,
        response: { 200: publicPsychologistPageSchema },
      },
    },
    async (request) => listPublicPsychologists(app.context, request.query),
  );
  app.get(
    '/public/psychologists/:id',
    {
      ...openToAll,
      schema: {
        tags: ['doctors'],
        summary: "A verified psychologist's profile, for anyone; 404 for any other id",
        params: idParamsSchema,
        response: { 200: doctorInfoSchema },
      },
    },
    async (request) => getPublicPsychologist(app.context, request.params),
  );
};
export default psychologistPublicProfile;
