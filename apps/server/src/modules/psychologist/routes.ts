import {
  psychologistProfileSchema,
  psychologistProfileUpdateSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
  scheduleSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forRoles } from '../../access/route-access.js';
import { viewerContext } from '../../plugins/auth.js';
import { getProfile, updateProfile } from './profile-service.js';
import { getSchedule, replaceSchedule } from './schedule-service.js';

const psychologist: FastifyPluginAsyncZod = async (app) => {
  const psychologistOnly = forRoles('PSYCHOLOGIST');

  app.get(
    '/psychologist/profile',
    { ...psychologistOnly, schema: { tags: ['psychologist'], response: { 200: psychologistProfileSchema } } },
    async (request) => getProfile(app.context, request.user.id),
  );

  app.put(
    '/psychologist/profile',
    {
      ...psychologistOnly,
      schema: { tags: ['psychologist'], body: psychologistProfileUpdateSchema, response: { 200: psychologistProfileSchema } },
    },
    async (request) => updateProfile(viewerContext(app, request), request.body),
  );

  app.get(
    '/psychologist/schedule',
    {
      ...forRoles('PSYCHOLOGIST', 'MANAGER', 'PATIENT', 'ADMIN'),
      schema: {
        tags: ['psychologist'],
        summary: 'A weekly schedule: the own one for a psychologist, ?psychologistId= for managers, patients and admins',
        querystring: scheduleQuerySchema,
        response: { 200: scheduleResponseSchema },
      },
    },
    async (request) => getSchedule(viewerContext(app, request), request.query),
  );

  app.post(
    '/psychologist/schedule',
    {
      ...psychologistOnly,
      schema: {
        tags: ['psychologist'],
        summary: 'Replace the whole week',
        body: scheduleSchema,
        response: { 200: scheduleResponseSchema },
      },
    },
    async (request) => replaceSchedule(viewerContext(app, request), request.body),
  );
};
export default psychologist;
