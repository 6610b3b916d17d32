import {
  idParamsSchema,
  RECORDS_UNPAGED_MAX,
  recordBodySchema,
  recordListSchema,
  recordPageSchema,
  recordPatientOptionsSchema,
  recordSchema,
  recordsQuerySchema,
  recordUpdateSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerContext } from '../../plugins/auth.js';
import * as service from './service.js';

/** Clinical notes. The spec puts the psychologist's calls under an extra /api: /api/api/records. */
const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['records'];

  const writingNotes = { config: { limit: 'note-write' as const } };

  app.get(
    '/api/records',
    {
      schema: {
        tags,
        description: `Newest first. With page or size: one page; without: the newest ${RECORDS_UNPAGED_MAX} as a list.`,
        querystring: recordsQuerySchema,
        response: { 200: z.union([recordListSchema, recordPageSchema]) },
      },
    },
    (request) => service.listOwn(viewerContext(app, request), request.query),
  );

  app.post(
    '/api/records',
    { ...writingNotes, schema: { tags, body: recordBodySchema, response: { 201: recordSchema } } },
    async (request, reply) => reply.code(201).send(await service.create(viewerContext(app, request), request.body)),
  );

  app.put(
    '/api/records/:id',
    {
      ...writingNotes,
      schema: {
        tags,
        description: 'patientId is required (null: for myself). With `version`, a note changed since is 409 STALE.',
        params: idParamsSchema,
        body: recordUpdateSchema,
        response: { 200: recordSchema },
      },
    },
    (request) => service.update(viewerContext(app, request), { id: request.params.id, body: request.body }),
  );

  app.delete(
    '/api/records/:id',
    { schema: { tags, params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.remove(viewerContext(app, request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get('/doctor/patients/for-records', { schema: { tags, response: { 200: recordPatientOptionsSchema } } }, (request) =>
    service.patientOptions(viewerContext(app, request)),
  );

  app.get('/patient/records', { schema: { tags, response: { 200: recordListSchema } } }, (request) =>
    service.listAboutMe(viewerContext(app, request)),
  );
};
export default recordRoutes;
