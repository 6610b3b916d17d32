import {
  adminManagersPageSchema,
  adminManagersQuerySchema,
  adminPatientListSchema,
  assignManagerBodySchema,
  managerAssignmentsSchema,
  managersAssignedBodySchema,
  managersAssignedResponseSchema,
  removeAssignmentQuerySchema,
} from '@rozmova/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerContext } from '../../plugins/auth.js';
import * as service from './assignments-service.js';

/** Admins: managers and the patients assigned to them. */
const adminAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/admin/managers',
    {
      schema: {
        tags,
        summary: 'Managers, paged by id, with their current patients',
        querystring: adminManagersQuerySchema,
        response: { 200: adminManagersPageSchema },
      },
    },
    (request) => service.listManagers(viewerContext(app, request), request.query),
  );

  app.post(
    '/admin/managers-assigned',
    {
      schema: {
        tags,
        summary: 'The current patients of each manager in the list',
        body: managersAssignedBodySchema,
        response: { 200: managersAssignedResponseSchema },
      },
    },
    (request) => service.managersAssigned(viewerContext(app, request), request.body),
  );

  app.get(
    '/admin/unassigned-patients',
    { schema: { tags, summary: 'Patients who have no manager now', response: { 200: adminPatientListSchema } } },
    (request) => service.unassignedPatients(viewerContext(app, request)),
  );

  app.post(
    '/admin/assign-manager',
    {
      schema: {
        tags,
        summary: 'Assign a patient who has no manager to a manager',
        body: assignManagerBodySchema,
        response: { 200: managerAssignmentsSchema },
      },
    },
    (request) => service.assign(viewerContext(app, request), request.body),
  );

  app.delete(
    '/admin/remove-assignment',
    {
      schema: {
        tags,
        summary: "End a manager's assignment of a patient (kept in the history)",
        querystring: removeAssignmentQuerySchema,
        response: { 200: managerAssignmentsSchema },
      },
    },
    (request) => service.removeAssignment(viewerContext(app, request), request.query),
  );
};
export default adminAssignmentRoutes;
