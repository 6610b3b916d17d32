import {
  adminGroupPageSchema,
  adminGroupQuerySchema,
  enrolmentBodySchema,
  groupSearchPageSchema,
  groupSearchQuerySchema,
  idParamsSchema,
  publicGroupSchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forRoles } from '../../access/route-access.js';
import { viewerContext } from '../../plugins/auth.js';
import { listAllGroups } from './admin-service.js';
import * as enrolment from './enrolment-service.js';
import * as search from './search-service.js';

/** Groups as patients find and join them, and the admins' list. */
const patientGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['groups'];

  app.get(
    '/groups',
    {
      ...forRoles('PATIENT'),
      schema: {
        tags,
        summary: 'Open groups with a seat left and a session ahead, soonest first (never their members)',
        querystring: groupSearchQuerySchema,
        response: { 200: groupSearchPageSchema },
      },
    },
    (request) => search.searchGroups(viewerContext(app, request), request.query),
  );

  app.get(
    '/groups/:id',
    {
      ...forRoles('PATIENT'),
      schema: {
        tags,
        summary: 'One open group, or one of the caller’s',
        params: idParamsSchema,
        response: { 200: publicGroupSchema },
      },
    },
    (request) => search.getPublicGroup(viewerContext(app, request), request.params.id),
  );

  app.post(
    '/patient/groups/:id/enrolment',
    {
      schema: {
        tags,
        summary: 'Joins an open group, accepting its agreement; 409 GROUP_FULL, ALREADY_MEMBER or OVERLAP',
        params: idParamsSchema,
        body: enrolmentBodySchema,
        response: { 201: publicGroupSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await enrolment.enrol(viewerContext(app, request), request.params.id)),
  );

  app.delete(
    '/patient/groups/:id/enrolment',
    { schema: { tags, summary: 'Leaves a group; the seat is freed', params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await enrolment.leave(viewerContext(app, request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/groups',
    { schema: { tags, querystring: adminGroupQuerySchema, response: { 200: adminGroupPageSchema } } },
    (request) => listAllGroups(viewerContext(app, request), request.query),
  );
};
export default patientGroupRoutes;
