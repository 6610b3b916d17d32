import {
  doctorInfoSchema,
  doctorSearchAnswerSchema,
  doctorSearchBodySchema,
  doctorSearchQuerySchema,
  idParamsSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import { getPsychologistInfo } from '../psychologist/public-profile-service.js';
import * as service from './service.js';

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['search'];

  app.post(
    '/patient/doctors/search',
    {
      schema: {
        tags,
        summary: 'Doctors with free slots in the range: all of them, one page (limit, cursor) or one doctor',
        description:
          'Without query parameters: every doctor with all their free slots, as a list. With `limit` or `cursor`: ' +
          '`{ doctors, nextCursor }`, a page of doctors that have at least one free slot in the range, in a stable ' +
          'order, each with their nearest free slots and `freeSlotCount`. With `psychologistId`: that doctor only.',
        querystring: doctorSearchQuerySchema,
        body: doctorSearchBodySchema,
        response: { 200: doctorSearchAnswerSchema },
      },
    },
    (request) => service.searchPsychologists(viewerContext(app, request), request.body, request.query),
  );

  app.get(
    '/patient/doctors/info/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: doctorInfoSchema } } },
    (request) => getPsychologistInfo(viewerContext(app, request), request.params),
  );
};
export default searchRoutes;
