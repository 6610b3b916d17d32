import {
  crisisCountryBodySchema,
  crisisCountrySettingSchema,
  idParamsSchema,
  patientInfoSchema,
  patientProfileSchema,
  patientProfileUpdateSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import * as service from './service.js';

const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/patient/profile', { schema: { tags: ['patient'], response: { 200: patientProfileSchema } } }, (request) =>
    service.getProfile(viewerContext(app, request)),
  );

  app.put(
    '/patient/profile',
    { schema: { tags: ['patient'], body: patientProfileUpdateSchema, response: { 200: patientProfileSchema } } },
    (request) => service.updateProfile(viewerContext(app, request), request.body),
  );

  app.put(
    '/patient/crisis-country',
    {
      schema: {
        tags: ['patient'],
        summary: "The country whose crisis lines the patient is offered (null: their time zone's)",
        body: crisisCountryBodySchema,
        response: { 200: crisisCountrySettingSchema },
      },
    },
    (request) => service.setCrisisCountry(viewerContext(app, request), request.body.country),
  );

  app.get(
    '/doctor/patients/:id',
    {
      schema: { tags: ['patient'], params: idParamsSchema, response: { 200: patientInfoSchema } },
    },
    (request) => service.patientInfoFor(viewerContext(app, request), request.params),
  );
};
export default patientRoutes;
