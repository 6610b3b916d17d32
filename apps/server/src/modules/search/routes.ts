import { doctorInfoSchema, doctorSearchBodySchema, doctorSearchResponseSchema, idParamsSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forRoles } from '../../access/route-access.js';
import { getDoctorInfo } from '../doctors/service.js';
import * as service from './service.js';

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const asPatient = forRoles('PATIENT');
  const tags = ['search'];

  app.post(
    '/patient/doctors/search',
    { ...asPatient, schema: { tags, body: doctorSearchBodySchema, response: { 200: doctorSearchResponseSchema } } },
    (request) => service.searchDoctors(app.context, request.body),
  );

  app.get(
    '/patient/doctors/info/:id',
    { ...asPatient, schema: { tags, params: idParamsSchema, response: { 200: doctorInfoSchema } } },
    (request) => getDoctorInfo(app.context, request.params),
  );
};
export default searchRoutes;
