import {
  psychologistProfileSchema,
  psychologistProfileUpdateSchema,
  SCHEDULE_EXCEPTIONS_MAX,
  scheduleExceptionBodySchema,
  scheduleExceptionListSchema,
  scheduleExceptionParamsSchema,
  scheduleExceptionSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
  scheduleSchema,
  versionEtag,
  versionFromIfMatch,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forRoles } from '../../access/route-access.js';
import { viewerContext } from '../../plugins/auth.js';
import { addException, listExceptions, removeException } from './exceptions-service.js';
import { getProfile, updateProfile } from './profile-service.js';
import { getSchedule, replaceSchedule } from './schedule-service.js';

const psychologist: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/psychologist/profile',
    { schema: { tags: ['psychologist'], response: { 200: psychologistProfileSchema } } },
    async (request) => getProfile(viewerContext(app, request)),
  );

  app.put(
    '/psychologist/profile',
    {
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
        description: "The ETag header holds the week's version; send it back in If-Match when saving.",
        querystring: scheduleQuerySchema,
        response: { 200: scheduleResponseSchema },
      },
    },
    async (request, reply) => {
      const { week, version } = await getSchedule(viewerContext(app, request), request.query);
      return reply.header('etag', versionEtag(version)).send(week);
    },
  );

  app.post(
    '/psychologist/schedule',
    {
      schema: {
        tags: ['psychologist'],
        summary: 'Replace the whole week',
        description:
          'With If-Match (the ETag of the GET), a week saved since is 409 STALE and nothing changes; without it the ' +
          'week is replaced whatever was saved. The answer carries the new ETag.',
        body: scheduleSchema,
        response: { 200: scheduleResponseSchema },
      },
    },
    async (request, reply) => {
      const ifMatch = request.headers['if-match'];
      const version = ifMatch === undefined ? undefined : versionFromIfMatch(ifMatch);
      const saved = await replaceSchedule(viewerContext(app, request), request.body, version === '*' ? undefined : version);
      return reply.header('etag', versionEtag(saved.version)).send(saved.week);
    },
  );

  app.get(
    '/psychologist/schedule/exceptions',
    {
      schema: {
        tags: ['psychologist'],
        summary: 'Own blocked dates and one-off slots that have not ended, soonest first',
        description: "Dates and times on the psychologist's own wall clock; ended ones (before their today) are left out.",
        response: { 200: scheduleExceptionListSchema },
      },
    },
    (request) => listExceptions(viewerContext(app, request)),
  );

  app.post(
    '/psychologist/schedule/exceptions',
    {
      schema: {
        tags: ['psychologist'],
        summary: 'Block dates (no weekly slots on them) or add a one-off slot on a date',
        description:
          "Dates and times on the psychologist's own wall clock; search and booking obey them at once. BLOCK: " +
          'startDate..endDate, 400 when endDate has passed; when confirmed sessions start on those dates, 409 ' +
          'HAS_APPOINTMENTS with the sessions in `appointments` (date, times, patient) unless `confirm` is true; the ' +
          'sessions stay booked either way. SLOT: `date`, `startTime`, `endTime` ahead of now, shaped like a weekly ' +
          'slot; 409 SLOT_OVERLAP when it overlaps a one-off slot of that date or a weekly slot of that weekday. ' +
          `At most ${SCHEDULE_EXCEPTIONS_MAX} current exceptions (409 CONFLICT beyond).`,
        body: scheduleExceptionBodySchema,
        response: { 201: scheduleExceptionSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await addException(viewerContext(app, request), request.body)),
  );

  app.delete(
    '/psychologist/schedule/exceptions/:id',
    {
      schema: {
        tags: ['psychologist'],
        summary: 'Delete one of the own blocks or one-off slots',
        description: "The weekly slots of a deleted block come back; 404 for an id that is not the caller's.",
        params: scheduleExceptionParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeException(viewerContext(app, request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
export default psychologist;
