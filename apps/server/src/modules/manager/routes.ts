import {
  appointmentListSchema,
  doctorReviewListSchema,
  managerPatientParamsSchema,
  managerProfileSchema,
  managerProfileUpdateSchema,
  pastVisitListSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import * as service from './service.js';

/** Managers: their profile and, for the patients they follow (others are 404), appointments, reviews and visits. */
const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['manager'];
  const params = managerPatientParamsSchema;

  app.get('/manager/profile', { schema: { tags, response: { 200: managerProfileSchema } } }, (request) =>
    service.getProfile(viewerContext(app, request)),
  );

  app.put(
    '/manager/profile',
    { schema: { tags, body: managerProfileUpdateSchema, response: { 200: managerProfileSchema } } },
    (request) => service.updateProfile(viewerContext(app, request), request.body),
  );

  app.get(
    '/manager/appointments',
    { schema: { tags, summary: "The managed patients' appointments", response: { 200: appointmentListSchema } } },
    (request) => service.listAppointments(viewerContext(app, request)),
  );

  app.get('/manager/appointments/:patientId', { schema: { tags, params, response: { 200: appointmentListSchema } } }, (request) =>
    service.listAppointments(viewerContext(app, request), request.params.patientId),
  );

  app.get(
    '/manager/doctor-reviews/:patientId',
    {
      schema: { tags, summary: 'Notes shared with managers, by psychologist', params, response: { 200: doctorReviewListSchema } },
    },
    (request) => service.psychologistReviews(viewerContext(app, request), request.params.patientId),
  );

  app.get(
    '/manager/visits/:patientId',
    { schema: { tags, summary: 'Past appointments', params, response: { 200: pastVisitListSchema } } },
    (request) => service.visits(viewerContext(app, request), request.params.patientId),
  );
};
export default managerRoutes;
