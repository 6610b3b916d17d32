import { idParamsSchema, patientInfoSchema, patientProfileSchema, patientProfileUpdateSchema } from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './service.js';

const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  const asPatient = { preHandler: app.requireRole('PATIENT') };

  app.get(
    '/patient/profile',
    { ...asPatient, schema: { tags: ['patient'], response: { 200: patientProfileSchema } } },
    (request) => service.getProfile(app.db, request.user.id),
  );

  app.put(
    '/patient/profile',
    { ...asPatient, schema: { tags: ['patient'], body: patientProfileUpdateSchema, response: { 200: patientProfileSchema } } },
    (request) => service.updateProfile(app.db, app.clock, request.user.id, request.body),
  );

  app.get(
    '/doctor/patients/:id',
    {
      preHandler: app.requireRole('PSYCHOLOGIST'),
      schema: { tags: ['patient'], params: idParamsSchema, response: { 200: patientInfoSchema } },
    },
    (request) => service.patientInfoFor(app.db, request.user.id, request.params.id),
  );
};
export default patientRoutes;
