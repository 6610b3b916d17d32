import {
  psychologistProfileSchema,
  psychologistProfileUpdateSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
  scheduleSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProfile, updateProfile } from './profile-service.js';
import { getSchedule, replaceSchedule } from './schedule-service.js';

const psychologist: FastifyPluginAsyncZod = async (app) => {
  const psychologistOnly = app.requireRole('PSYCHOLOGIST');

  app.get(
    '/psychologist/profile',
    { preHandler: psychologistOnly, schema: { tags: ['psychologist'], response: { 200: psychologistProfileSchema } } },
    async (request) => getProfile(app.db, request.user.id),
  );

  app.put(
    '/psychologist/profile',
    {
      preHandler: psychologistOnly,
      schema: { tags: ['psychologist'], body: psychologistProfileUpdateSchema, response: { 200: psychologistProfileSchema } },
    },
    async (request) => updateProfile(app.db, request.user.id, request.body),
  );

  app.get(
    '/psychologist/schedule',
    {
      preHandler: app.requireRole('PSYCHOLOGIST', 'MANAGER', 'PATIENT'),
      schema: {
        tags: ['psychologist'],
        summary: 'A weekly schedule: the own one for a psychologist, ?psychologistId= for managers and patients',
        querystring: scheduleQuerySchema,
        response: { 200: scheduleResponseSchema },
      },
    },
    async (request) => getSchedule(app.db, request.user, request.query.psychologistId),
  );

  app.post(
    '/psychologist/schedule',
    {
      preHandler: psychologistOnly,
      schema: {
        tags: ['psychologist'],
        summary: 'Replace the whole week',
        body: scheduleSchema,
        response: { 200: scheduleResponseSchema },
      },
    },
    async (request) => replaceSchedule(app.db, request.user.id, request.body),
  );
};
export default psychologist;
