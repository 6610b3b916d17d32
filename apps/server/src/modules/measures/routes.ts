import {
  idParamsSchema,
  managerPatientParamsSchema,
  measureBodySchema,
  measureListSchema,
  measureSubmittedSchema,
  patientMeasuresSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import * as service from './service.js';

/**
 * Outcome measures (PHQ-9, GAD-7): the patient fills them, the psychologist who treats them and the manager who
 * follows them read them (audited). Admins have no read here: they see who read what in the audit trail.
 */
const measureRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['measures'];

  app.post(
    '/patient/measures',
    {
      config: { limit: 'measure-submit' },
      schema: {
        tags,
        summary: 'Store a completed PHQ-9 or GAD-7',
        description:
          'answers: one whole number 0–3 per item, in item order (PHQ9: 9, GAD7: 7). A PHQ-9 with item 9 above 0 ' +
          'alerts the psychologists who treat the patient at once (notification RISK_ALERT, in the app and by mail, ' +
          'without answers or score; one mail per patient and psychologist an hour, the next telling how many came ' +
          "since), and the answer carries crisisResources: the emergency number and a crisis line of the patient's " +
          "country (chosen in the profile, else their time zone's). At most 10 per patient an hour (429 RATE_LIMITED). A " +
          'patient who has not finished onboarding: 403.',
        body: measureBodySchema,
        response: { 201: measureSubmittedSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.submit(viewerContext(app, request), request.body)),
  );

  app.get(
    '/patient/measures',
    {
      schema: {
        tags,
        summary: "The patient's own completions, oldest first, and what they are asked to fill now",
        response: { 200: patientMeasuresSchema },
      },
    },
    (request) => service.listOwn(viewerContext(app, request)),
  );

  app.get(
    '/doctor/patients/:id/measures',
    {
      schema: {
        tags,
        summary: "A treated patient's completions, oldest first (anyone else: 404; each read is audited)",
        params: idParamsSchema,
        response: { 200: measureListSchema },
      },
    },
    (request) => service.listAbout(viewerContext(app, request), request.params.id),
  );

  app.get(
    '/manager/measures/:patientId',
    {
      schema: {
        tags,
        summary: "A followed patient's completions, oldest first (anyone else: 404; each read is audited)",
        params: managerPatientParamsSchema,
        response: { 200: measureListSchema },
      },
    },
    (request) => service.listAbout(viewerContext(app, request), request.params.patientId),
  );
};
export default measureRoutes;
